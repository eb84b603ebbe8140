/**
 * Reading: shows each drawn card with show_card and then interprets it in its position, weaves
 * the cards together, gives advice, and hands off to Followup with the reading as delivered.
 */
import { handoff } from '@openai/agents-core';
import { RealtimeAgent } from '@openai/agents-realtime';
import { READING_GRAPH } from '../../../contracts/agent-graph.ts';
import {
  type ReadingHost,
  type ReadingRunContext,
  describeCards,
  describeIntent,
  describeSpread,
  factsOf,
  words,
  languageLine,
} from './context.ts';
import { toolsFor } from './tools.ts';

export function createReadingAgent(
  host: ReadingHost,
  followup: RealtimeAgent<ReadingRunContext>,
): RealtimeAgent<ReadingRunContext> {
  const { carries } = READING_GRAPH.Reading.handoff;
  const toFollowup = handoff(followup, {
    inputType: carries,
    onHandoff(runContext, input) {
      const parsed = carries.safeParse(input);
      if (!parsed.success) return;
      factsOf(runContext, host.facts).reading = parsed.data;
      host.store.setReading(parsed.data);
    },
  });
  return new RealtimeAgent<ReadingRunContext>({
    name: 'Reading',
    handoffDescription: 'Interprets every drawn card and delivers the complete reading.',
    instructions: (runContext) => {
      const facts = factsOf(runContext, host.facts);
      const w = words(facts.modality);
      const pending = facts.cards.filter((card) => !facts.shownCardIds.includes(card.cardId));
      return `You are the Reading guide of a tarot reading. You were just handed the conversation
with every card of the spread already drawn: you have them all below, so do not draw new ones.

How you work:
- Go through the cards in position order. For each card: first call show_card with its cardId
  and reversed exactly as listed, wait for the tool to complete, and only then ${w.speak} its
  interpretation in the context of its position and the question (two to four sentences, upright
  or reversed meaning as drawn).
- Never interpret a card before its show_card call has returned.
- After the last card, consider how the cards interact: repeated suits, majors, reversals,
  tensions and patterns. Then give a short synthesis tying everything to the question, and one
  or two pieces of actionable advice.
- ${w.pace}
- If show_card returns success: false, apologise briefly, skip that card or retry once, and
  continue with the remaining cards.
- When the whole reading has been delivered, call transfer_to_Followup with interpretations
  (cardId, positionLabel, a one-sentence summary for each card), the synthesis and the advice.
  Do not wait for the ${w.listener} to ask.

The question:
${describeIntent(facts.intent)}

The spread: ${describeSpread(facts.spread)}

Cards drawn, in position order:
${describeCards(facts.cards)}

Still to show: ${pending.map((card) => card.cardId).join(', ') || 'none (all shown)'}${languageLine(facts)}`;
    },
    tools: toolsFor(host, 'Reading'),
    handoffs: [toFollowup],
  });
}
