/**
 * BMO in `voice.testing`: the real agent (instructions and tools) in an `AgentSession` with no
 * room, driven by the OpenAI plugin's `openai.LLM` pointed at the local chat stand-in. Also
 * captures the agent's JSON log events.
 */
import { initializeLogger, voice } from '@livekit/agents';
import * as openai from '@livekit/agents-plugin-openai';
import { type BmoAgentOptions, createBmoAgent } from '../../../agent/agent.ts';
import { type AgentLogEntry, setLogSink } from '../../../agent/log.ts';
import { CassetteDeck, type CassetteRoom } from '../../../agent/tools/present-to-cassette.ts';
import type { VaultIndex } from '../../../agent/vault-index.ts';
import { OfflineLLM } from '../../../agent/offline/llm.ts';
import {
  type ChatScript,
  type ChatStandin,
  startChatStandin,
} from '../../support/openai-chat-standin.ts';

let loggerReady = false;

/**
 * The SDK's logger must exist before a session starts; tests keep it quiet (tool errors are
 * asserted, not printed).
 */
export function initAgentsLogger(): void {
  if (loggerReady) return;
  initializeLogger({ pretty: false, level: 'fatal' });
  loggerReady = true;
}

export interface BmoTestSession {
  session: voice.AgentSession;
  standin: ChatStandin;
  deck: CassetteDeck;
  /** The agent's log events emitted since the session started. */
  logs: AgentLogEntry[];
  close(): Promise<void>;
}

export interface BmoTestSessionOptions extends Partial<Omit<BmoAgentOptions, 'vault'>> {
  script: ChatScript;
  vault?: VaultIndex;
}

export async function startBmoTestSession(options: BmoTestSessionOptions): Promise<BmoTestSession> {
  initAgentsLogger();
  const logs: AgentLogEntry[] = [];
  const restoreSink = setLogSink((entry) => logs.push(entry));
  const standin = await startChatStandin(options.script);
  const deck = options.deck ?? new CassetteDeck();
  const session = new voice.AgentSession({
    llm: new openai.LLM({ model: 'gpt-4.1-mini', apiKey: 'sk-test', baseURL: standin.baseURL }),
    vad: null,
    turnHandling: { turnDetection: null },
  });
  await session.start({
    agent: createBmoAgent({
      vault: async () => options.vault,
      deck,
      resolveRoom: options.resolveRoom,
      now: options.now,
      access: options.access,
      ...(options.lang ? { lang: options.lang } : {}),
    }),
  });
  return {
    session,
    standin,
    deck,
    logs,
    async close() {
      await session.close();
      await standin.close();
      restoreSink();
    },
  };
}

export interface OfflineBmoTestSession {
  session: voice.AgentSession;
  deck: CassetteDeck;
  /** The agent's log events emitted since the session started. */
  logs: AgentLogEntry[];
  close(): Promise<void>;
}

/** BMO on the offline language model (agent/offline), in `voice.testing`: no room, no network. */
export async function startOfflineBmoTestSession(
  options: Partial<Omit<BmoAgentOptions, 'vault'>> & { vault?: VaultIndex } = {},
): Promise<OfflineBmoTestSession> {
  initAgentsLogger();
  const logs: AgentLogEntry[] = [];
  const restoreSink = setLogSink((entry) => logs.push(entry));
  const deck = options.deck ?? new CassetteDeck();
  const session = new voice.AgentSession({
    llm: new OfflineLLM({ lang: options.lang ?? 'en' }),
    vad: null,
    turnHandling: { turnDetection: null },
  });
  await session.start({
    agent: createBmoAgent({ ...options, vault: async () => options.vault, deck }),
  });
  return {
    session,
    deck,
    logs,
    async close() {
      await session.close();
      restoreSink();
    },
  };
}

/** A room that records the cassettes the tool publishes. */
export function recordingRoom(): { room: CassetteRoom; cassettes: unknown[] } {
  const cassettes: unknown[] = [];
  const room: CassetteRoom = {
    isConnected: true,
    localParticipant: {
      async publishData(data) {
        cassettes.push(JSON.parse(new TextDecoder().decode(data)));
      },
      async sendText(text) {
        cassettes.push(JSON.parse(text));
        return {};
      },
    },
  };
  return { room, cassettes };
}

type RunResult = Awaited<ReturnType<ReturnType<voice.AgentSession['run']>['wait']>>;

/** The tool calls a run made, in order, with their arguments. */
export function toolCalls(result: RunResult): { name: string; args: Record<string, unknown> }[] {
  return result.events.flatMap((event) =>
    event.item.type === 'function_call'
      ? [{ name: event.item.name, args: JSON.parse(event.item.args) as Record<string, unknown> }]
      : [],
  );
}

/** What BMO said in a run, its messages joined. */
export function replyText(result: RunResult): string {
  return result.events
    .flatMap((event) =>
      event.item.type === 'message' && event.item.role === 'assistant'
        ? [event.item.textContent ?? '']
        : [],
    )
    .join(' ');
}
