/**
 * Which agent of the reading is active, learnt from the function tools the SDK declared in its
 * latest full `session.update` (the SDK re-declares them on every handoff):
 *
 * - IntentAssessment: no function tools but `transfer_to_SpreadGeneration`
 * - SpreadGeneration: `draw_card` + `transfer_to_Reading`
 * - Reading: `show_card` + `transfer_to_Followup`
 * - Followup: `draw_card` + `show_card`, no handoffs
 *
 * A handoff tool is the strongest signal (an agent that can transfer to X is the one before X);
 * otherwise the pair of card tools decides.
 */
import { AGENT_NAMES, handoffToolName, type AgentName } from '../../contracts/reading.ts';
import { DRAW_CARD, SHOW_CARD } from './policy-actions.ts';

export function inferAgent(toolNames: ReadonlySet<string>): AgentName {
  for (let index = AGENT_NAMES.length - 1; index > 0; index -= 1) {
    const to = AGENT_NAMES[index];
    const from = AGENT_NAMES[index - 1];
    if (to && from && toolNames.has(handoffToolName(to))) return from;
  }
  const draws = toolNames.has(DRAW_CARD);
  const shows = toolNames.has(SHOW_CARD);
  if (draws && shows) return 'Followup';
  if (draws) return 'SpreadGeneration';
  if (shows) return 'Reading';
  return 'IntentAssessment';
}
