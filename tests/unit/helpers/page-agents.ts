/**
 * The page's own reading agents outside a session: a host that answers nothing (no picker, no
 * stage), and the instructions an agent writes from a run context's facts, as the page sends them.
 */
import { RunContext } from '@openai/agents-core';
import { getCard } from '../../../reader/reading/deck.ts';
import type { AgentName } from '../../../contracts/reading-schema.ts';
import type { ReadingFacts, ReadingHost } from '../../../web-components/tarot/agents/context.ts';
import { createReadingAgents } from '../../../web-components/tarot/agents/index.ts';
import { READING_EN } from '../../../web-components/tarot/i18n/session-en.ts';
import { createReadingStore } from '../../../web-components/stores/reading.ts';

export function pageHost(facts: ReadingFacts): ReadingHost {
  return {
    facts,
    store: createReadingStore(),
    lookupCard: getCard,
    requestPick: () => Promise.resolve({ status: 'cancelled', message: 'not in this test' }),
    pickPending: () => false,
    waitForShown: () => Promise.resolve(),
    logToolCall: () => undefined,
    logError: () => undefined,
    countCardDrawn: () => undefined,
    connectionStatus: () => 'connected',
    now: () => 0,
    strings: () => READING_EN,
  };
}

/** The instructions the page's own agent writes for `agent` from `facts`. */
export async function pageInstructions(agent: AgentName, facts: ReadingFacts): Promise<string> {
  const prompt = await createReadingAgents(pageHost(facts))[agent].getSystemPrompt(
    new RunContext({ reading: facts, history: [] }),
  );
  if (prompt === undefined) throw new Error(`${agent} has no instructions`);
  return prompt;
}
