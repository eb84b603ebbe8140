/**
 * What a `RealtimeReading` can be given: its store and announcer (a `<tarot-reading>`'s own), how
 * it gets a token, which transport, the SDK loader, the timeouts. A module of its own so the
 * reading, its connection and its helpers share the types without importing one another.
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import type { ReadingStrings } from '../i18n/session-en.ts';
import type {
  RealtimeAgent,
  RealtimeSession,
  RealtimeSessionConfig,
  RealtimeTransportLayer,
} from '@openai/agents-realtime';
import type { SessionTransport } from '../../../contracts/events.ts';
import type { CardIdentity } from '../../../contracts/cards.ts';
import type { AgentName } from '../../../contracts/reading-schema.ts';
import type { SessionLog } from '../../events/index.ts';
import type { Announcer } from '../../stores/announcer.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import type { ConnectRequest, ReadingToken } from './token.ts';
import type { Modality, ReadingFacts, ReadingRunContext } from '../agents/context.ts';
import type { SnapshotStorage } from '../state/resume.ts';
import type { CallStateQuery } from './session-end.ts';

export type Sdk = typeof import('@openai/agents-realtime');

export interface ReadingTimeouts {
  /**
   * How long opening a session (the token, the code, the connection) may take before the reading
   * gives up, says so and offers Retry, rather than showing "Connecting…" for good. Default 30
   * seconds: far past a slow phone's open (seconds), well short of a browser's own socket limit.
   */
  connectMs: number;
  /** How long draw_card waits for a pick before it gives up. Default 5 minutes. */
  drawMs: number;
  /** How long show_card waits for the stage before it carries on. Default 4 seconds. */
  showMs: number;
  /** How long after a stalled turn the agent is nudged to proceed. Default 20 seconds. */
  nudgeMs: number;
  /** Per agent: how long it may stay active before an "Agent timeout" warning is logged. */
  agentMs: Partial<Record<AgentName, number>>;
}

export const DEFAULT_TIMEOUTS: ReadingTimeouts = {
  connectMs: 30_000,
  drawMs: 5 * 60_000,
  showMs: 4_000,
  nudgeMs: 20_000,
  agentMs: { IntentAssessment: 10 * 60_000, SpreadGeneration: 10 * 60_000, Reading: 10 * 60_000 },
};

/** The defaults with `timeouts` over them (per agent too). */
export function resolveTimeouts(timeouts: Partial<ReadingTimeouts> | undefined): ReadingTimeouts {
  return {
    ...DEFAULT_TIMEOUTS,
    ...timeouts,
    agentMs: { ...DEFAULT_TIMEOUTS.agentMs, ...timeouts?.agentMs },
  };
}

export type TransportChoice = RealtimeTransportLayer | 'websocket' | 'webrtc';

export interface RealtimeReadingOptions {
  store: ReadingStore;
  mode: Modality;
  /** The checked language the agents answer in (default English). */
  lang?: SupportedLang;
  /**
   * The host's strings in the visitor's language (its elements' strings and any of its own); the
   * session adds its own errors, notes and announcements in `lang` (English by default).
   */
  strings?: (() => Partial<ReadingStrings>) | undefined;
  /**
   * Where it says phase changes, tool states and errors to screen readers: the owning element's
   * announcer (rendered in that element's live regions). Default: one of its own, unheard until
   * something renders it.
   */
  announcer?: Announcer;
  /** Gets the engine, token and model; default `POST /api/voice/token`. */
  connect?: (request: ConnectRequest) => Promise<ReadingToken>;
  /**
   * Chooses the transport for a connection. Default: a voice reading's call through the edge over
   * WebRTC (`callUrl`), else the WebSocket the token names (`url`: the edge's relay to OpenAI, or
   * the offline reader).
   */
  createTransport?: (grant: ReadingToken, sdk: Sdk) => TransportChoice;
  /** Extra session config (voice: audio settings, turn detection). */
  sessionConfig?: Partial<RealtimeSessionConfig>;
  /** Loads the SDK; default `import('@openai/agents-realtime')`. */
  loadSdk?: () => Promise<Sdk>;
  /** Finds a card; default `cardIdentity` (contracts/cards.ts). */
  lookupCard?: (id: string) => CardIdentity | undefined;
  timeouts?: Partial<ReadingTimeouts>;
  /** The session's log; default a SessionLog emitting through the events module. */
  createLog?: (sessionId: string) => SessionLog;
  now?: () => number;
  /** Whether the SDK may send traces to OpenAI. Default false. */
  tracing?: boolean;
  /** A new id for each session; default `crypto.randomUUID()`. */
  newSessionId?: () => string;
  /**
   * Whether a dropped connection reconnects (a fresh token, the same reading, its messages
   * replayed). Default true; false ends the reading there with a readable error.
   */
  reconnect?: boolean;
  /**
   * Where this reading is kept across a reload (`resume.ts`): its key, one per element instance
   * and mode. No key, nothing kept.
   */
  persistKey?: string;
  /** The storage for `persistKey`; default `sessionStorage`. */
  storage?: SnapshotStorage;
  /**
   * Asks the edge whether it ended a call at a limit; default `GET /api/voice/calls/{callId}`
   * (session-end.ts).
   */
  callState?: CallStateQuery;
  /** A notice from the reader for the visitor (`voice_peer.notice`: no speech voice, tones). */
  onNotice?: (notice: string) => void;
}

/**
 * The default transport, always to the edge, never to OpenAI directly: a voice call posts its offer
 * to the edge's `callUrl`; a WebSocket opens the token's `url` (the relay, or the offline reader).
 * A token that names neither opens nothing.
 */
export function defaultTransport(grant: ReadingToken, sdk: Sdk, mode: Modality): TransportChoice {
  if (grant.callUrl && mode === 'voice')
    return new sdk.OpenAIRealtimeWebRTC({ baseUrl: grant.callUrl });
  if (grant.url) return new sdk.OpenAIRealtimeWebSocket({ url: grant.url });
  throw new Error('The reading token names no session to open.');
}

/** How a transport travels, for the session start log. */
export function transportKind(transport: TransportChoice, sdk: Sdk): SessionTransport | undefined {
  if (transport === 'webrtc' || transport === 'websocket') return transport;
  if (transport instanceof sdk.OpenAIRealtimeWebRTC) return 'webrtc';
  if (transport instanceof sdk.OpenAIRealtimeWebSocket) return 'websocket';
  return undefined; // a custom transport (a test's scripted one)
}

/**
 * A connected WebRTC call ends on the page when its `oai-events` channel closes (the reader hung
 * up, or the edge did at the reading's cap). The SDK watches only the peer connection's state,
 * which a hangup can leave unchanged for many seconds, so the page would sit on a call that is gone.
 */
export function endWithChannel(transport: unknown, sdk: Sdk): void {
  if (!(transport instanceof sdk.OpenAIRealtimeWebRTC)) return;
  transport.connectionState.dataChannel?.addEventListener('close', () => {
    if (transport.status !== 'disconnected') transport.close();
  });
}

/** A RealtimeSession for `connection`, starting at `first`, on the chosen transport. */
export function createSession(
  sdk: Sdk,
  first: RealtimeAgent<ReadingRunContext>,
  grant: ReadingToken,
  facts: ReadingFacts,
  options: Pick<RealtimeReadingOptions, 'createTransport' | 'tracing' | 'sessionConfig' | 'mode'>,
): { session: RealtimeSession<ReadingRunContext>; transport: SessionTransport | undefined } {
  const transport = (
    options.createTransport ?? ((c: ReadingToken, s: Sdk) => defaultTransport(c, s, options.mode))
  )(grant, sdk);
  const session = new sdk.RealtimeSession<ReadingRunContext>(first, {
    transport,
    model: grant.model,
    context: { reading: facts },
    tracingDisabled: options.tracing !== true,
    config: {
      outputModalities: options.mode === 'text' ? ['text'] : ['audio'],
      ...options.sessionConfig,
    },
  });
  return { session, transport: transportKind(transport, sdk) };
}
