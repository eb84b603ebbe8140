/**
 * The reading's four-agent graph: IntentAssessment → SpreadGeneration → Reading → Followup.
 * Built per session, bound to the session's host (store, facts, picker and stage waits, log).
 * This module loads the Realtime SDK: import it dynamically, when a session starts.
 */
import type { RealtimeAgent } from '@openai/agents-realtime';
import type { AgentName } from '../../../contracts/reading-schema.ts';
import type { ReadingHost, ReadingRunContext } from './context.ts';
import { createFollowupAgent } from './followup-agent.ts';
import { createIntentAssessmentAgent } from './intent-assessment-agent.ts';
import { createReadingAgent } from './reading-agent.ts';
import { createSpreadGenerationAgent } from './spread-generation-agent.ts';

export type ReadingAgents = Record<AgentName, RealtimeAgent<ReadingRunContext>>;

export function createReadingAgents(host: ReadingHost): ReadingAgents {
  const Followup = createFollowupAgent(host);
  const Reading = createReadingAgent(host, Followup);
  const SpreadGeneration = createSpreadGenerationAgent(host, Reading);
  const IntentAssessment = createIntentAssessmentAgent(host, SpreadGeneration);
  return { IntentAssessment, SpreadGeneration, Reading, Followup };
}

export {
  createFollowupAgent,
  createIntentAssessmentAgent,
  createReadingAgent,
  createSpreadGenerationAgent,
};
