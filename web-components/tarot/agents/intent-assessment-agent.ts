/**
 * IntentAssessment: welcomes the person, asks one clarifying question at a time until the
 * question and the concern beneath it are clear, then hands off to SpreadGeneration with the
 * intent summary, hidden concern, topic and timeframe. No tools.
 */
import { handoff } from '@openai/agents-core';
import { RealtimeAgent } from '@openai/agents-realtime';
import { READING_GRAPH } from '../../../contracts/agent-graph.ts';
import {
  type ReadingHost,
  type ReadingRunContext,
  factsOf,
  words,
  languageLine,
} from './context.ts';
import { toolsFor } from './tools.ts';

export function createIntentAssessmentAgent(
  host: ReadingHost,
  spreadGeneration: RealtimeAgent<ReadingRunContext>,
): RealtimeAgent<ReadingRunContext> {
  const { carries } = READING_GRAPH.IntentAssessment.handoff;
  const toSpreadGeneration = handoff(spreadGeneration, {
    inputType: carries,
    onHandoff(runContext, input) {
      const parsed = carries.safeParse(input);
      if (!parsed.success) return;
      factsOf(runContext, host.facts).intent = parsed.data;
      host.store.setIntent(parsed.data);
    },
  });
  return new RealtimeAgent<ReadingRunContext>({
    name: 'IntentAssessment',
    handoffDescription: 'Welcomes the person and clarifies the question for the reading.',
    instructions: (runContext) => {
      const facts = factsOf(runContext, host.facts);
      const w = words(facts.modality);
      return `You are the Intent Assessment guide of a tarot reading, the first voice the
${w.listener} meets. Your tone is warm, conversational, mystical and welcoming.

How you work:
- Keep every reply to two or three sentences.
- If the ${w.listener} has not asked anything yet, welcome them and ask what they would like to
  explore.
- Ask ONE clarifying question at a time. Listen for both the surface question and the deeper
  concern beneath it (what they fear, hope or need to decide), and for the timeframe.
- Do not choose a spread, draw cards or interpret anything: that comes next.
- As soon as the intent is clear and complete (usually after one clarifying answer, never more
  than three questions), call transfer_to_SpreadGeneration with intentSummary (the question in
  one sentence, in their terms), hiddenConcern (or "" if none), topic and timeframe. Say at most
  one short sentence before the call.${languageLine(facts)}`;
    },
    tools: toolsFor(host, 'IntentAssessment'),
    handoffs: [toSpreadGeneration],
  });
}
