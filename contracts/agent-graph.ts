/**
 * The reading's agent graph, declared once: the four agents in the order they hand off, the
 * function tools each one has, and the handoff each makes with the structured input it carries.
 *
 *   IntentAssessment (no tools) ─IntentHandoff→ SpreadGeneration (draw_card)
 *     ─SpreadHandoff→ Reading (show_card) ─ReadingHandoff→ Followup (draw_card, show_card)
 *
 * The browser's Realtime agents are built from it (`web-components/tarot/agents/`), the offline
 * reader recognises the active agent and makes its handoffs from it (`reader/reading/`), and the
 * reader's resume rebuilds what an agent knows from the handoffs that reached it
 * (`reader/reading/history.ts`). `tests/unit/contracts/agent-graph.test.ts` holds all three to it.
 */
import type { z } from 'zod';
import type { AgentName } from './reading.ts';
import { AGENT_NAMES, handoffToolName } from './reading.ts';
import { IntentHandoff, ReadingHandoff, SpreadHandoff } from './reading-schema.ts';
import { DRAW_CARD, SHOW_CARD, type TarotToolName } from './tools.ts';

/** What a handoff carries, by name: the facts the next agents know. */
export type HandoffName = 'intent' | 'spread' | 'reading';

export interface HandoffSpec {
  /** The agent handed to. */
  readonly to: AgentName;
  /** The facts it carries, by name. */
  readonly name: HandoffName;
  /** The schema of the handoff's structured input (`handoff({ inputType })`). */
  readonly carries: z.ZodType;
}

export interface AgentSpec {
  /** The function tools the agent has, besides its handoff. */
  readonly tools: readonly TarotToolName[];
  /** The agent's one handoff, or undefined for the last agent (Followup stays). */
  readonly handoff: HandoffSpec | undefined;
}

export const READING_GRAPH = {
  IntentAssessment: {
    tools: [],
    handoff: { to: 'SpreadGeneration', name: 'intent', carries: IntentHandoff },
  },
  SpreadGeneration: {
    tools: [DRAW_CARD],
    handoff: { to: 'Reading', name: 'spread', carries: SpreadHandoff },
  },
  Reading: {
    tools: [SHOW_CARD],
    handoff: { to: 'Followup', name: 'reading', carries: ReadingHandoff },
  },
  Followup: { tools: [DRAW_CARD, SHOW_CARD], handoff: undefined },
} as const satisfies Record<AgentName, AgentSpec>;

/** Every tool name an agent declares to the model: its function tools and its handoff tool. */
export function declaredTools(agent: AgentName): string[] {
  const spec: AgentSpec = READING_GRAPH[agent];
  return spec.handoff ? [...spec.tools, handoffToolName(spec.handoff.to)] : [...spec.tools];
}

/** The handoffs that reached `agent` on the way from the first agent: what it knows. */
export function handoffsInto(agent: AgentName): Set<HandoffName> {
  const known = new Set<HandoffName>();
  for (const name of AGENT_NAMES) {
    if (name === agent) break;
    const spec: AgentSpec = READING_GRAPH[name];
    if (spec.handoff) known.add(spec.handoff.name);
  }
  return known;
}
