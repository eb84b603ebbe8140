/**
 * The offline reader's reading policy: given the active agent (learnt from the tools the SDK
 * declared), the tools it may call and what happened since the last response (user words, a
 * committed audio turn, tool outputs), it decides what to say and which one tool to call next.
 *
 * It follows the agent graph for real: IntentAssessment asks one clarifying question and hands off
 * with an IntentHandoff; SpreadGeneration announces a spread, describes each position and calls
 * `draw_card` once per position, then hands off with the spread and the cards; Reading calls
 * `show_card` before interpreting each card, then gives a synthesis and advice and hands off;
 * Followup answers from the cards and draws (then shows) a clarification card on request.
 *
 * It cannot hear: a committed audio turn stands for the next line of a demo script, and the first
 * time that happens it says so plainly. Everything is deterministic.
 *
 * This file holds the session's state and routes each turn to its phase (phases/*.ts).
 */
import type { AgentName } from '../../contracts/reading.ts';
import { followup } from './phases/followup.ts';
import { intentAssessment } from './phases/intent.ts';
import { readingPhase } from './phases/reading.ts';
import { spreadGeneration } from './phases/spread.ts';
import {
  type NonAudio,
  type ReaderAction,
  type TurnContext,
  withPreface,
} from './policy-actions.ts';
import { type PolicyState, initialPolicyState } from './policy-state.ts';
import type { Topic } from './text.ts';

export {
  DRAW_CARD,
  MAX_CLARIFICATION_CARDS,
  SHOW_CARD,
  type ReaderAction,
  type TurnContext,
  type TurnInput,
} from './policy-actions.ts';

/** The first words on the first audio turn. */
export const DEMO_DISCLOSURE =
  "I'm the offline reader and can't hear speech, so I'll follow a demo script:";

/** What the user "says" on each audio turn, by phase. */
export const DEMO_SCRIPT = {
  question: 'What should I focus on in my career this year?',
  answer:
    "I've felt stuck in my job lately, and I'm not sure whether to stay or try something new.",
  followups: [
    'What does the Future card say about my next step?',
    'Could you draw a clarification card for me?',
    "Thank you, that's all for today.",
  ],
  other: 'Please go on.',
} as const;

export class ReaderPolicy {
  readonly #state: PolicyState;

  /** A fresh reading, or one carried on from a snapshot's state. */
  constructor(state: PolicyState = initialPolicyState()) {
    this.#state = state;
  }

  /** Everything the policy remembers, as plain data (for a snapshot). */
  get state(): PolicyState {
    return this.#state;
  }

  /** What the reader knows so far (for logs and tests): never the user's words. */
  get summary(): {
    topic: Topic | undefined;
    spreadName: string | undefined;
    positions: number;
    cardsDrawn: number;
    interpretations: number;
    clarificationCards: number;
  } {
    const state = this.#state;
    return {
      topic: state.intent?.topic,
      spreadName: state.spread?.layout.name,
      positions: state.spread?.layout.positions.length ?? 0,
      cardsDrawn: state.drawn.length,
      interpretations: state.show?.interpreted.length ?? 0,
      clarificationCards: state.clarificationCards.length,
    };
  }

  respond(context: TurnContext): ReaderAction[] {
    const state = this.#state;
    const preface: string[] = [];
    const inputs = context.inputs.map((input): NonAudio => {
      if (input.kind !== 'user_audio') return input;
      const line = this.#scriptLine(context.agent);
      state.audioTurns += 1;
      preface.push(
        state.audioTurns === 1
          ? `${DEMO_DISCLOSURE} I'll take it that you said, “${line}”`
          : `(Demo script: “${line}”)`,
      );
      return { kind: 'user_text', text: line };
    });
    const turn = { ...context, inputs };
    let actions: ReaderAction[];
    switch (context.agent) {
      case 'IntentAssessment':
        actions = intentAssessment(state, turn);
        break;
      case 'SpreadGeneration':
        actions = spreadGeneration(state, turn);
        break;
      case 'Reading':
        actions = readingPhase(state, turn);
        break;
      case 'Followup':
        actions = followup(state, turn);
        break;
    }
    return withPreface(preface, actions);
  }

  #scriptLine(agent: AgentName): string {
    const state = this.#state;
    if (agent === 'IntentAssessment') {
      if (state.question === undefined) return DEMO_SCRIPT.question;
      if (state.answer === undefined) return DEMO_SCRIPT.answer;
      return DEMO_SCRIPT.other;
    }
    if (agent === 'Followup') {
      const lines = DEMO_SCRIPT.followups;
      const line = lines[Math.min(state.followupScript, lines.length - 1)] ?? DEMO_SCRIPT.other;
      state.followupScript += 1;
      return line;
    }
    return DEMO_SCRIPT.other;
  }
}
