/**
 * A reading's four agents built the way the app builds them (RealtimeAgent + tool() + handoff()
 * with the contract schemas), for tests that run the real `@openai/agents-realtime` SDK against
 * the offline reader: `draw_card` picks the next of a fixed list of cards at once, `show_card`
 * succeeds, and every call and handoff is recorded.
 */
import { handoff } from '@openai/agents-core';
import { RealtimeAgent, type RealtimeSession, tool } from '@openai/agents-realtime';
import { cardName } from '../../contracts/cards.ts';
import {
  DrawCardParams,
  IntentHandoff,
  ReadingHandoff,
  ShowCardParams,
  SpreadHandoff,
  type AgentName,
  type DrawCardResult,
} from '../../contracts/reading-schema.ts';

/** The cards "the user" picks, in order. */
export const PICKS: readonly { cardId: string; reversed: boolean }[] = [
  { cardId: 'the-tower', reversed: false },
  { cardId: 'three-of-cups', reversed: true },
  { cardId: 'the-star', reversed: false },
  { cardId: 'knight-of-wands', reversed: false },
];

export interface Recorder {
  draws: DrawCardParams[];
  drawnCards: DrawCardResult[];
  shows: ShowCardParams[];
  handoffs: [AgentName, unknown][];
}

export function buildAgents(recorder: Recorder) {
  let next = 0;
  const drawCard = tool({
    name: 'draw_card',
    description: 'Ask the user to pick a card from the shuffled deck for one spread position.',
    parameters: DrawCardParams,
    execute: async (args): Promise<DrawCardResult> => {
      recorder.draws.push(DrawCardParams.parse(args));
      const pick = PICKS[next % PICKS.length] ?? { cardId: 'the-fool', reversed: false };
      next += 1;
      const result = {
        cardId: pick.cardId,
        cardName: cardName(pick.cardId) ?? pick.cardId,
        reversed: pick.reversed,
      };
      recorder.drawnCards.push(result);
      return result;
    },
  });
  const showCard = tool({
    name: 'show_card',
    description: 'Display a card on screen before interpreting it',
    parameters: ShowCardParams,
    execute: async (args) => {
      const shown = ShowCardParams.parse(args);
      recorder.shows.push(shown);
      return { success: true, cardId: shown.cardId, reversed: shown.reversed };
    },
  });
  const followup = new RealtimeAgent({
    name: 'Followup',
    instructions: 'Answer follow-up questions from the cards; draw clarification cards on request.',
    tools: [drawCard, showCard],
  });
  const reading = new RealtimeAgent({
    name: 'Reading',
    instructions: 'Call show_card before interpreting each card, then hand off to Followup.',
    tools: [showCard],
    handoffs: [
      handoff(followup, {
        inputType: ReadingHandoff,
        onHandoff: (_context, input) => {
          recorder.handoffs.push(['Followup', input]);
        },
      }),
    ],
  });
  const spread = new RealtimeAgent({
    name: 'SpreadGeneration',
    instructions: 'Choose a spread and call draw_card once per position, then hand off to Reading.',
    tools: [drawCard],
    handoffs: [
      handoff(reading, {
        inputType: SpreadHandoff,
        onHandoff: (_context, input) => {
          recorder.handoffs.push(['Reading', input]);
        },
      }),
    ],
  });
  const intent = new RealtimeAgent({
    name: 'IntentAssessment',
    instructions: 'Ask one clarifying question, then hand off to SpreadGeneration.',
    handoffs: [
      handoff(spread, {
        inputType: IntentHandoff,
        onHandoff: (_context, input) => {
          recorder.handoffs.push(['SpreadGeneration', input]);
        },
      }),
    ],
  });
  return { intent };
}

/** The agents a session hands off to, in order, as the SDK reports them. */
export function handoffsOf(session: RealtimeSession): string[] {
  const reached: string[] = [];
  session.on('agent_handoff', (_context, _from, to) => reached.push(to.name));
  return reached;
}
