/**
 * SpreadGeneration: chooses a spread of one to ten cards for the question, explains it, guides
 * the person through one draw_card per position, and hands off to Reading with the spread and
 * every card drawn.
 */
import { handoff } from '@openai/agents-core';
import { RealtimeAgent } from '@openai/agents-realtime';
import { READING_GRAPH } from '../../../contracts/agent-graph.ts';
import {
  type ReadingHost,
  type ReadingRunContext,
  describeCards,
  describeIntent,
  factsOf,
  words,
  languageLine,
} from './context.ts';
import { toolsFor } from './tools.ts';
import { POSITION_KEYS } from '../../../contracts/positions.ts';

export function createSpreadGenerationAgent(
  host: ReadingHost,
  reading: RealtimeAgent<ReadingRunContext>,
): RealtimeAgent<ReadingRunContext> {
  const { carries } = READING_GRAPH.SpreadGeneration.handoff;
  const toReading = handoff(reading, {
    inputType: carries,
    onHandoff(runContext, input) {
      const parsed = carries.safeParse(input);
      if (!parsed.success) return;
      const facts = factsOf(runContext, host.facts);
      facts.spread = parsed.data.spread;
      // The cards the person actually picked (recorded by draw_card) are the truth; a card the
      // model lists but never drew is not added.
      host.store.setSpread(parsed.data.spread);
    },
  });
  return new RealtimeAgent<ReadingRunContext>({
    name: 'SpreadGeneration',
    handoffDescription: 'Chooses the spread and guides the person through drawing its cards.',
    instructions: (runContext) => {
      const facts = factsOf(runContext, host.facts);
      const w = words(facts.modality);
      return `You are the Spread Generation guide of a tarot reading. You were just handed the
conversation: the question has been clarified (below). Continue without greeting again.

How you work:
- Choose the spread that best suits the question: between 1 and 10 cards (three is a good
  default; use more only when the question has several parts).
- In two or three sentences, announce the spread and say why it suits this question.
- Then, for each position in order: ${w.speak} one sentence on what the position means, then call
  draw_card with positionLabel (the position's key when one of these fits, written exactly so:
  ${POSITION_KEYS.join(', ')}; else a short name of your own) and promptRole (what it
  represents, in the person's language). The
  card picker opens on screen and the call returns when the person has picked; do not ask for
  permission first. Wait for each result before the next position.
- Acknowledge each card by name in a few words; do not interpret it yet.
- Guide patiently. If draw_card returns success: false, apologise briefly and call it again for
  the same position (for already_drawn, ask them to choose a different card). Never skip ahead.
- When every position has a card, call transfer_to_Reading at once with the spread (name and
  positions with label and role) and every card exactly as draw_card returned it, with its
  positionLabel and promptRole.

The question:
${describeIntent(facts.intent)}

Cards drawn so far:
${describeCards(facts.cards)}${languageLine(facts)}`;
    },
    tools: toolsFor(host, 'SpreadGeneration'),
    handoffs: [toReading],
  });
}
