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
 * A spoken turn heard by the speech recognizer is read exactly as typed words are; one that came
 * back without words (silence, noise, a recognizer that failed) gets "I didn't catch that" and
 * changes nothing. Where nothing hears, a committed audio turn stands for the next line of a demo
 * script, and the first time that happens it says so plainly. Everything is deterministic.
 *
 * This file holds the session's state and routes each turn to its phase (phases/*.ts).
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import type { AgentName } from '../../contracts/reading-schema.ts';
import { followup } from './phases/followup.ts';
import { intentAssessment } from './phases/intent.ts';
import { readingPhase } from './phases/reading.ts';
import { spreadGeneration } from './phases/spread.ts';
import {
  type NonAudio,
  type ReaderAction,
  type TurnContext,
  say,
  withPreface,
} from './policy-actions.ts';
import { type PolicyState, initialPolicyState } from './policy-state.ts';
import type { Topic } from './text.ts';
import { WORDS_EN, type ReaderWords } from './words-en.ts';
import { readsIn, wordsOf } from './words.ts';

export {
  DRAW_CARD,
  MAX_CLARIFICATION_CARDS,
  SHOW_CARD,
  type ReaderAction,
  type TurnContext,
  type TurnInput,
} from './policy-actions.ts';

/** The first words on the first audio turn (in English; each language has its own). */
export const DEMO_DISCLOSURE = WORDS_EN.demoDisclosure;

/** What the user "says" on each audio turn, by phase (in English; each language has its own). */
export const DEMO_SCRIPT = WORDS_EN.demoScript;

export class ReaderPolicy {
  readonly #state: PolicyState;

  /**
   * A fresh reading in `lang` (checked; English when absent, and where the reader has no words
   * for it: `readsIn`), or one carried on from a snapshot's state, which keeps its own language.
   */
  constructor(state?: PolicyState, lang?: SupportedLang) {
    this.#state = state ?? initialPolicyState(readsIn(lang));
  }

  /** The words this reading speaks, in its language. */
  get words(): ReaderWords {
    return wordsOf(this.#state);
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
    const unheard = context.inputs.some((input) => input.kind === 'unheard');
    const inputs = context.inputs.flatMap((input): NonAudio[] => {
      if (input.kind === 'unheard') return [];
      if (input.kind !== 'user_audio') return [input];
      const line = this.#scriptLine(context.agent);
      state.audioTurns += 1;
      const words = this.words;
      preface.push(
        state.audioTurns === 1
          ? `${words.demoDisclosure} ${words.tookItYouSaid(line)}`
          : words.demoLine(line),
      );
      return [{ kind: 'user_text', text: line }];
    });
    if (unheard) {
      // Nothing else to answer: say so and change nothing. Else answer the rest, saying so first.
      if (inputs.length === 0) return [say(this.words.didNotCatch)];
      preface.push(this.words.didNotCatch);
    }
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
    const script = this.words.demoScript;
    if (agent === 'IntentAssessment') {
      if (state.question === undefined) return script.question;
      if (state.answer === undefined) return script.answer;
      return script.other;
    }
    if (agent === 'Followup') {
      const lines = script.followups;
      const line = lines[Math.min(state.followupScript, lines.length - 1)] ?? script.other;
      state.followupScript += 1;
      return line;
    }
    return script.other;
  }
}
