/**
 * A reading's connection to its engine (OpenAI or the offline reader), apart from the reading's
 * state: opening a session (a token, the SDK and the agents loaded with `import()` now, the
 * RealtimeSession wired to the reading's events, the transport), the connection's status and
 * failures, and resuming after a drop (a fresh token, the past messages replayed, a note to
 * carry on). The `RealtimeReading` owns the connection and the reading's state; the connection
 * owns the SDK's `RealtimeSession`.
 */
import type { RealtimeAgent, RealtimeSession } from '@openai/agents-realtime';
import type { ConnectionStatus, SessionTransport } from '../../../contracts/events.ts';
import type { AgentName } from '../../../contracts/reading-schema.ts';
import type { SessionLog } from '../../events/index.ts';
import type { Announcer } from '../../stores/announcer.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import type { CardWaiters } from './card-waiters.ts';
import {
  type ConnectRequest,
  type ReadingToken,
  ReadingConnectError,
  readableConnectError,
  requestReadingToken,
  webRtcCannotConnect,
} from './token.ts';
import type { Modality, ReadingFacts, ReadingHost, ReadingRunContext } from '../agents/context.ts';
import type { ReadingNudges } from './reading-nudges.ts';
import {
  type RealtimeReadingOptions,
  type Sdk,
  createSession,
  endWithChannel,
} from './reading-options.ts';
import { carryOnNote } from '../state/resume.ts';
import { SessionEnd } from './session-end.ts';
import { logSessionStart, replayInto, withinDeadline } from './opening.ts';
import { type SessionEventsTarget, type TranscriptFeed, wireSession } from './intake.ts';
import { stallChoice } from './stall-choice.ts';
import { READING_EN } from '../i18n/session-en.ts';
import type { ReadingLocale } from '../i18n/session.ts';

type AgentsModule = typeof import('../agents/index.ts');
export type Session = RealtimeSession<ReadingRunContext>;
export type ReadingAgents = Record<AgentName, RealtimeAgent<ReadingRunContext>>;

/** What the connection reads from and writes to the reading that owns it. */
export interface ConnectionOwner {
  readonly store: ReadingStore;
  readonly announcer: Announcer;
  readonly mode: Modality;
  readonly options: RealtimeReadingOptions;
  /** The reading's strings in the visitor's language: the host's and the session's own. */
  readonly locale: ReadingLocale;
  readonly nudges: ReadingNudges;
  readonly transcript: TranscriptFeed;
  readonly waiters: CardWaiters;
  sessionId(): string;
  facts(): ReadingFacts;
  log(): SessionLog | undefined;
  host(): ReadingHost;
  currentAgent(): AgentName;
  /** How long an open may take before the reading gives up (`ReadingTimeouts.connectMs`). */
  connectMs(): number;
}

/** Said when a voice reading falls back from WebRTC to the WebSocket (in English). */
export const WEBSOCKET_FALLBACK_NOTICE = READING_EN.webSocketFallback;

/**
 * One reading's connection to its engine: the SDK's session, its token and status, and what
 * happens when it drops (a fresh token, the past messages replayed, a note to carry on).
 */
export class ReadingConnection {
  session: Session | undefined;
  grant: ReadingToken | undefined;
  transport: SessionTransport | undefined;
  agents: ReadingAgents | undefined;
  #status: ConnectionStatus = 'idle';
  #closing = false;
  #generation = 0;
  /** A draw was waiting when the connection dropped: the resumed agent is told to ask again. */
  #interruptedDraw = false;
  /** The voice call through the edge could not connect: this reading uses the WebSocket. */
  #webSocketFallback = false;
  /** Why a connected session ended: a limit of the edge's, or a drop (session-end.ts). */
  readonly #end: SessionEnd;
  /** The open under way: an earlier open's time limit does not end a later one. */
  #opening: object | undefined;
  readonly #owner: ConnectionOwner;

  constructor(owner: ConnectionOwner) {
    this.#owner = owner;
    this.#end = new SessionEnd(() => this.#now(), owner.options.callState);
  }

  get status(): ConnectionStatus {
    return this.#status;
  }

  /** Forgets the last session's agents, connection and transport (a new reading starts). */
  reset(): void {
    this.agents = undefined;
    this.grant = undefined;
    this.transport = undefined;
    this.#webSocketFallback = false;
  }

  setStatus(status: ConnectionStatus): void {
    this.#status = status;
    this.#owner.store.setConnection(status);
  }

  /**
   * Opens a session at the current agent: a fresh token, the SDK and the agents, the connection.
   * A resumed session (after a drop or a reload) is given the past messages to replay. An open
   * still under way after the owner's `connectMs` fails with a readable error (`#tooLate`).
   */
  open(kind: 'new' | 'restored' | 'reconnect'): Promise<boolean> {
    const opening = {};
    this.#opening = opening;
    return withinDeadline(this.#attempt(kind), this.#owner.connectMs(), () =>
      this.#tooLate(opening),
    );
  }

  /**
   * The open took past its limit (a token route, a socket or a call that never answers): what
   * it brings later is dropped, and the reading says so and offers Retry, not "Connecting…" for good.
   */
  #tooLate(opening: object): false {
    if (opening === this.#opening && this.#status === 'connecting') {
      this.#generation += 1;
      const t = this.#owner.locale.t;
      this.failToConnect(new ReadingConnectError(t.connectTimedOut, 'connect_timeout'));
    }
    return false;
  }

  /** One try at opening: the token, the code and the connection (and WebRTC's fallback). */
  async #attempt(kind: 'new' | 'restored' | 'reconnect'): Promise<boolean> {
    const generation = ++this.#generation;
    const owner = this.#owner;
    const { options, mode } = owner;
    let grant: ReadingToken;
    let sdk: Sdk;
    let agentsModule: AgentsModule;
    try {
      const connect =
        options.connect ?? ((request: ConnectRequest) => requestReadingToken(request));
      const code = Promise.all([
        (options.loadSdk ?? (() => import('@openai/agents-realtime')))(),
        import('../agents/index.ts'),
      ]);
      code.catch(() => undefined); // awaited below: a refused token is the failure to report
      const loading = owner.locale.load(); // a refused token is said in the reading's language
      if (loading) await loading;
      if (generation !== this.#generation) return false;
      grant = await connect({
        mode,
        sessionId: owner.sessionId(),
        ...(this.#webSocketFallback ? { transport: 'websocket' as const } : {}),
        lang: owner.facts().lang,
      });
      [sdk, agentsModule] = await code;
    } catch (error) {
      if (generation === this.#generation) this.failToConnect(error);
      return false;
    }
    if (generation !== this.#generation) return false;
    this.grant = grant;
    owner.store.setEngine(grant.engine);
    owner.store.setHears(grant.hears === true);

    const agents = agentsModule.createReadingAgents(owner.host());
    this.agents = agents;
    const first = owner.currentAgent();
    let session: Session;
    try {
      const created = createSession(sdk, agents[first], grant, owner.facts(), {
        ...options,
        mode,
      });
      session = created.session;
      this.transport = created.transport;
    } catch (error) {
      this.failToConnect(error);
      return false;
    }
    this.session = session;
    wireSession(session, sdk, this.#events());
    this.#end.opening(grant);
    try {
      await session.connect({
        apiKey: grant.token,
        model: grant.model,
        ...(grant.url ? { url: grant.url } : {}),
      });
    } catch (error) {
      if (generation !== this.#generation) return false;
      if (grant.callUrl && !this.#webSocketFallback && webRtcCannotConnect(error)) {
        return this.#fallBack(kind, error);
      }
      this.failToConnect(error);
      return false;
    }
    if (generation !== this.#generation) return false;
    endWithChannel(session.transport, sdk);
    this.#end.connected(session.transport);
    if (kind !== 'new') {
      replayInto(session, owner.transcript.items, owner.log(), first, this.#status);
    }
    this.setStatus('connected');
    owner.store.setAgent(first);
    owner.store.setError(null);
    if (kind !== 'reconnect') {
      logSessionStart(owner.log(), { agent: first, grant, mode, transport: this.transport });
    } else {
      owner.announcer.announce(owner.locale.t.reconnected);
    }
    owner.nudges.startAgentTimer(first);
    if (kind !== 'new') this.#carryOn(first);
    return true;
  }

  /**
   * Closes the session for good (the reading ends): a later open's results are dropped, and
   * `settle` runs while the connection is closing, before the session closes.
   */
  close(settle: () => void): void {
    this.#generation += 1;
    const hadSession = this.session !== undefined || this.#status === 'connecting';
    this.#closing = true;
    settle();
    try {
      this.session?.close();
    } catch {
      // Closing a transport that already failed can throw; the session is over either way.
    }
    this.session = undefined;
    if (hadSession) this.setStatus('disconnected');
    this.#closing = false;
  }

  /**
   * WebRTC could not connect (a network that blocks UDP, a browser without it working): the same
   * reading opens again over the WebSocket, with a token asked for that transport, and says so.
   */
  #fallBack(kind: 'new' | 'restored' | 'reconnect', error: unknown): Promise<boolean> {
    this.#webSocketFallback = true;
    try {
      this.session?.close();
    } catch {
      // The failed call has nothing left to close.
    }
    this.session = undefined;
    this.#owner.log()?.error({
      type: 'connection',
      message: 'The voice call could not connect over WebRTC; reading over the WebSocket instead.',
      error,
      connectionStatus: 'connecting',
    });
    this.#owner.announcer.announce(this.#owner.locale.t.webSocketFallback);
    return this.#attempt(kind);
  }

  failToConnect(error: unknown): void {
    const { store, announcer } = this.#owner;
    const viaCall = this.grant?.callUrl !== undefined;
    const message = readableConnectError(error, this.grant?.engine, viaCall, this.#owner.locale.t);
    try {
      this.session?.close();
    } catch {
      // Already failed; nothing more to close.
    }
    this.session = undefined;
    // The error first: whoever watches the status going to 'error' can read why.
    store.setError({ kind: 'connection', message });
    this.setStatus('error');
    announcer.announce(message, { assertive: true });
    this.#owner.log()?.error({ type: 'connection', message, error, connectionStatus: 'error' });
  }

  #carryOn(agent: AgentName): void {
    const note = carryOnNote(agent, this.#interruptedDraw);
    this.#interruptedDraw = false;
    if (note) this.session?.sendMessage(note);
  }

  /** Where a session's events go: the owner's store, announcer and state. */
  #events(): SessionEventsTarget {
    const owner = this.#owner;
    return {
      store: owner.store,
      announcer: owner.announcer,
      nudges: owner.nudges,
      transcript: owner.transcript,
      isCurrent: (candidate) => this.session === candidate,
      status: () => this.#status,
      closing: () => this.#closing,
      facts: () => owner.facts(),
      log: () => owner.log(),
      currentAgent: () => owner.currentAgent(),
      lostConnection: () => this.#lostConnection(),
      limitReached: (limit) => this.#end.limitReached(limit),
      notice: (text) => owner.options.onNotice?.(text),
      strings: () => owner.locale.t,
      toolFailed: (tool, code) => {
        const choice = stallChoice(owner.mode, owner.currentAgent(), tool, code, owner.locale.t);
        if (choice) {
          owner.store.setChoice(choice);
          owner.announcer.announce(choice.message, { assertive: true });
        }
      },
    };
  }

  /**
   * The transport dropped while connected. With reconnection on (the default), everything the
   * reading holds stays — the store, the facts, the transcript, the agent — and a new session
   * opens with a fresh token, the past messages replayed into it. Else, or where the edge ended
   * the session at one of the reading's limits (session-end.ts), the reading ends there and says why.
   */
  #lostConnection(): void {
    const { store, announcer, waiters, nudges } = this.#owner;
    const log = this.#owner.log();
    const agent = this.#owner.currentAgent();
    const drawing = waiters.pickPending;
    waiters.settlePick({
      status: 'cancelled',
      message: 'The connection closed before a card was picked.',
    });
    waiters.releaseShown();
    nudges.clear();
    const lost = this.session;
    this.session = undefined;
    try {
      lost?.close();
    } catch {
      // Already closed underneath; nothing more to close.
    }
    // Reconnecting is what a drop comes to, once the edge has said it ended nothing.
    if (this.#owner.options.reconnect !== false) this.setStatus('connecting');
    const generation = this.#generation;
    void this.#end.why(this.grant).then((limit) => {
      // The reading was closed or opened again meanwhile: that decided already.
      if (generation !== this.#generation || this.session !== undefined) return;
      if (this.#owner.options.reconnect !== false && limit === undefined) {
        this.#reconnect(drawing, agent);
        return;
      }
      const t = this.#owner.locale.t;
      const message =
        limit === 'tokens'
          ? t.spendLimitEnded
          : limit === 'minutes'
            ? t.timeLimitEnded
            : t.connectionClosed;
      // The error first: whoever watches the status going to 'disconnected' can read why.
      store.setError({ kind: 'connection', message });
      this.setStatus('disconnected');
      announcer.announce(message, { assertive: true });
      log?.error({ type: 'connection', message, agent, connectionStatus: 'disconnected' });
      log?.end();
    });
  }

  /**
   * A drop, not an end: everything the reading holds stays, and a new session opens with a fresh
   * token, the past messages replayed into it.
   */
  #reconnect(drawing: boolean, agent: AgentName): void {
    const { store, announcer } = this.#owner;
    this.#interruptedDraw ||= drawing;
    this.#owner.transcript.carry();
    store.closePicker();
    store.setToolActivity(null);
    store.setAudio({ listening: false, speaking: false });
    this.setStatus('connecting');
    announcer.announce(this.#owner.locale.t.reconnecting, {
      assertive: true,
    });
    this.#owner.log()?.error({
      type: 'connection',
      severity: 'warning',
      message: 'The connection to the reader dropped; reconnecting with a fresh token.',
      agent,
      connectionStatus: 'connecting',
    });
    void this.open('reconnect');
  }

  #now(): number {
    return (this.#owner.options.now ?? Date.now)();
  }
}
