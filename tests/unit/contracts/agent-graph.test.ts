/**
 * The reading's agent graph is declared once (`contracts/agent-graph.ts`), and its three readers
 * agree with it: the browser's Realtime agents (their tools, their handoffs and the schema each
 * handoff carries), the offline reader's phases (the tools and handoffs it calls under each agent,
 * and the agent it recognises from declared tools), and the reader's resume rebuild (what it
 * restores for each agent is what the handoffs that reached that agent carry).
 */
import { Handoff, handoff } from '@openai/agents-core';
import { RealtimeAgent } from '@openai/agents-realtime';
import { describe, expect, it } from 'vitest';
import { READING_GRAPH, declaredTools, handoffsInto } from '../../../contracts/agent-graph.ts';
import { AGENT_NAMES, type AgentName, handoffToolName } from '../../../contracts/reading-schema.ts';
import { DRAW_CARD, SHOW_CARD } from '../../../contracts/tools.ts';
import { inferAgent } from '../../../reader/reading/agents.ts';
import { rebuildFromHistory } from '../../../reader/reading/history.ts';
import { initialPolicyState } from '../../../reader/reading/policy-state.ts';
import {
  type ReadingFacts,
  createReadingFacts,
} from '../../../web-components/tarot/agents/context.ts';
import { createReadingAgents } from '../../../web-components/tarot/agents/index.ts';
import { pageHost, pageInstructions } from '../helpers/page-agents.ts';
import { inProcess } from '../../support/reader-driver.ts';

const QUESTION = 'What should I focus on in my career this year?';
const ANSWER = "I feel stuck at work and I'm not sure whether to stay.";

/** A whole offline reading to Followup, then a follow-up that asks for a clarification card. */
function offlineReading() {
  const { driver } = inProcess();
  driver.open();
  driver.say(QUESTION);
  driver.say(ANSWER);
  driver.say('Could you draw a clarification card about my boss?');
  return driver;
}

describe('the agent graph, declared once', () => {
  it('chains the four agents in order, each handing off to the next, the last one staying', () => {
    AGENT_NAMES.forEach((name, index) => {
      expect(READING_GRAPH[name].handoff?.to).toBe(AGENT_NAMES[index + 1]);
    });
  });

  it("the browser's agents have the graph's tools and handoff, carrying its schema", () => {
    const agents = createReadingAgents(pageHost(createReadingFacts('text')));
    for (const name of AGENT_NAMES) {
      const agent = agents[name];
      expect(agent.name).toBe(name);
      expect(agent.tools.map((tool) => tool.name).sort()).toEqual(
        [...READING_GRAPH[name].tools].sort(),
      );
      const handoffs = agent.handoffs.map((entry) =>
        entry instanceof Handoff ? entry : handoff(entry),
      );
      const spec = READING_GRAPH[name].handoff;
      expect(handoffs.map((entry) => [entry.agentName, entry.toolName])).toEqual(
        spec ? [[spec.to, handoffToolName(spec.to)]] : [],
      );
      if (!spec) continue;
      // The schema the SDK sends for a handoff built straight from the graph's.
      const expected = handoff(new RealtimeAgent({ name: spec.to }), {
        inputType: spec.carries,
        onHandoff: () => undefined,
      });
      expect(handoffs[0]?.inputJsonSchema).toEqual(expected.inputJsonSchema);
    }
  });

  it('the offline reader calls under each agent exactly its tools and its handoff, with what the handoff carries', () => {
    const driver = offlineReading();
    for (const name of AGENT_NAMES) {
      const called = new Set(
        driver.calls.filter((call) => call.agent === name).map((call) => call.name),
      );
      expect([...called].sort()).toEqual(declaredTools(name).sort());
      const spec = READING_GRAPH[name].handoff;
      if (!spec) continue;
      const handoffs = driver.callsTo(handoffToolName(spec.to));
      expect(handoffs).toHaveLength(1);
      expect(spec.carries.safeParse(handoffs[0]?.args).success).toBe(true);
    }
  });

  it('the offline reader recognises each agent from the tools the graph gives it', () => {
    for (const name of AGENT_NAMES) {
      expect(inferAgent(new Set(declaredTools(name)))).toBe(name);
      expect(inferAgent(new Set(READING_GRAPH[name].tools))).toBe(name);
    }
    expect(inferAgent(new Set([DRAW_CARD, SHOW_CARD]))).toBe('Followup');
  });

  it('the resume rebuilds for each agent what the handoffs that reached it carry, and no more', async () => {
    const driver = offlineReading();
    const carried = (to: AgentName) => driver.callsTo(handoffToolName(to))[0]?.args;
    const intent = READING_GRAPH.IntentAssessment.handoff.carries.parse(
      carried('SpreadGeneration'),
    );
    const spread = READING_GRAPH.SpreadGeneration.handoff.carries.parse(carried('Reading'));
    const reading = READING_GRAPH.Reading.handoff.carries.parse(carried('Followup'));
    const facts: ReadingFacts = {
      ...createReadingFacts('text'),
      intent,
      spread: spread.spread,
      cards: spread.cards,
      shownCardIds: spread.cards.map((card) => card.cardId),
      reading,
    };
    for (const name of AGENT_NAMES) {
      const state = initialPolicyState();
      rebuildFromHistory(state, name, await pageInstructions(name, facts), [QUESTION, ANSWER]);
      const known = handoffsInto(name);
      expect(state.intent).toEqual(known.has('intent') ? intent : undefined);
      expect(state.spreadHandoff).toEqual(known.has('spread') ? spread : undefined);
      expect(state.reading).toEqual(known.has('reading') ? reading : undefined);
    }
  });
});
