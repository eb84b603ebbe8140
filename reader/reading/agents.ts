/**
 * Which agent of the reading is active, learnt from the function tools the SDK declared in its
 * latest full `session.update` (the SDK re-declares them on every handoff), against the agent
 * graph (`contracts/agent-graph.ts`):
 *
 * - IntentAssessment: no function tools but `transfer_to_SpreadGeneration`
 * - SpreadGeneration: `draw_card` + `transfer_to_Reading`
 * - Reading: `show_card` + `transfer_to_Followup`
 * - Followup: `draw_card` + `show_card`, no handoffs
 *
 * A handoff tool is the strongest signal (an agent that can transfer to X is the one before X);
 * otherwise the agent whose card tools are exactly the ones declared.
 */
import { READING_GRAPH } from '../../contracts/agent-graph.ts';
import { AGENT_NAMES, handoffToolName, type AgentName } from '../../contracts/reading-schema.ts';
import { DRAW_CARD, SHOW_CARD } from './policy-actions.ts';

export function inferAgent(toolNames: ReadonlySet<string>): AgentName {
  for (const name of [...AGENT_NAMES].reverse()) {
    const { handoff } = READING_GRAPH[name];
    if (handoff && toolNames.has(handoffToolName(handoff.to))) return name;
  }
  const cardTools = [DRAW_CARD, SHOW_CARD].filter((tool) => toolNames.has(tool));
  const match = AGENT_NAMES.find((name) => {
    const tools: readonly string[] = READING_GRAPH[name].tools;
    return tools.length === cardTools.length && cardTools.every((tool) => tools.includes(tool));
  });
  return match ?? 'IntentAssessment';
}
