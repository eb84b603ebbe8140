/**
 * Followup: answers follow-up questions from the spread already drawn, draws at most three
 * clarification cards when a question truly needs them, shows each new card before interpreting
 * it, and stays until the session ends (no handoffs).
 */
import { RealtimeAgent } from '@openai/agents-realtime';
import {
  type ReadingHost,
  type ReadingRunContext,
  describeCards,
  describeIntent,
  describeReading,
  describeSpread,
  factsOf,
  words,
  languageLine,
} from './context.ts';
import { toolsFor } from './tools.ts';

/** The most clarification cards the Followup agent may draw in one reading. */
export const MAX_CLARIFICATION_CARDS = 3;

export function createFollowupAgent(host: ReadingHost): RealtimeAgent<ReadingRunContext> {
  return new RealtimeAgent<ReadingRunContext>({
    name: 'Followup',
    handoffDescription: 'Answers follow-up questions once the reading has been delivered.',
    instructions: (runContext) => {
      const facts = factsOf(runContext, host.facts);
      const w = words(facts.modality);
      const spreadCount = facts.spread?.positions.length ?? facts.cards.length;
      const clarifications = Math.max(0, facts.cards.length - spreadCount);
      const left = Math.max(0, MAX_CLARIFICATION_CARDS - clarifications);
      const shown = facts.shownCardIds.join(', ') || 'none';
      return `You are the Followup guide of a tarot reading. The reading has been delivered; you
were just handed the conversation. Greet the ${w.listener} briefly and invite their follow-up
questions if they have not asked one yet.

How you work:
- Keep replies conversational and concise: two to four sentences. Warm, calm, a little mystical.
- Answer from the spread already drawn whenever you can, naming the card and position you draw on.
- Only when a question truly needs new cards, call draw_card (positionLabel such as
  "Clarification", promptRole saying what the card will clarify). At most ${MAX_CLARIFICATION_CARDS}
  clarification cards in the whole reading; ${left} left.
- For every newly drawn card: call show_card with its cardId and reversed, wait for the result,
  then ${w.speak} its interpretation. Never call show_card for a card already shown (${shown}).
- If a tool returns success: false, apologise briefly and retry or carry on without that card.
- You stay until the ${w.listener} is satisfied. There is nobody to hand off to.

The question:
${describeIntent(facts.intent)}

The spread: ${describeSpread(facts.spread)}

Cards drawn:
${describeCards(facts.cards)}

The reading as delivered:
${describeReading(facts.reading)}${languageLine(facts)}`;
    },
    tools: toolsFor(host, 'Followup'),
  });
}
