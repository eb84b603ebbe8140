/**
 * An edge of a spec's own whose readings run on OpenAI through the edge, OpenAI being a local
 * stand-in (tests/support/openai-realtime-standin.ts) that speaks its protocol with the offline
 * reader's engine behind it: a page's text reading and its voice reading's WebSocket fallback go
 * through the relay, its calls through the call route, and the stand-in records what reached it.
 */
import { type OpenAiStandin, startOpenAiStandin } from '../../support/openai-realtime-standin.ts';
import { type RunningWrangler, startWrangler } from '../../support/wrangler.ts';

export interface RelayedEdge {
  url: string;
  standin: OpenAiStandin;
  stop(): Promise<void>;
}

export async function startRelayedEdge(vars: Record<string, string> = {}): Promise<RelayedEdge> {
  const standin = await startOpenAiStandin();
  let edge: RunningWrangler;
  try {
    edge = await startWrangler({
      vars: {
        OPENAI_API_KEY: standin.key,
        OPENAI_BASE_URL: standin.baseURL,
        READING_MAX_MINUTES: '30',
        // A whole reading's worth and more: the budget's own tests are openai-relay.spec.ts.
        READING_MAX_TOKENS: '2000000',
        // One client (this machine) asks for every token: lift the per-client limits.
        LOAD_TEST_LIMITS: 'true',
        ...vars,
      },
    });
  } catch (error) {
    await standin.close();
    throw error;
  }
  return {
    url: edge.url,
    standin,
    stop: async () => {
      await edge.stop();
      await standin.close();
    },
  };
}
