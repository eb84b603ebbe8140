/**
 * The reading session controller: owns one RealtimeSession at a time and writes everything it
 * learns to a reading store. Elements never touch it; the page wires their events to it.
 *
 *   const reading = new ReadingController({ store: textReading, mode: 'text' });
 *   await reading.start();              // token → SDK (loaded now) → agents → connect
 *   reading.sendMessage('Will I find a new job?');
 *   reading.pick(event.detail);         // from <tarot-card-picker>'s tarot-card-pick
 *   reading.cardShown(event.detail.cardId);   // from <tarot-card-stage>'s tarot-card-shown
 *   reading.end();                      // closes, settles a pending draw, logs the summary
 *
 * The Realtime SDK and the agents are loaded with `import()` when a session starts, so a page that
 * only shows the mode selection never downloads them.
 */
import type {
  RealtimeAgent,
  RealtimeSession,
  RealtimeSessionConfig,
  RealtimeTransportLayer,
} from '@openai/agents-realtime';
import type {
  ConnectionStatus,
  ContextSummary,
  SessionTransport,
} from '../../../contracts/events.ts';
import { type TarotCard, getCard } from '../../../contracts/deck.ts';
import {
  AGENT_LABELS,
  AGENT_NAMES,
  type AgentName,
  type DrawCardParams,
} from '../../../contracts/reading.ts';
import { SessionLog, describeDevice, describeError } from '../../events/index.ts';
import { announce } from '../../stores/announcer.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import { type ReadingConnection, readableConnectError, requestReadingToken } from './connection.ts';
import {
  type Modality,
  type PickOutcome,
  type ReadingFacts,
  type ReadingHost,
  type ReadingRunContext,
  createReadingFacts,
} from './context.ts';
import { APP_NOTE_PREFIX, transcriptFromHistory } from './transcript.ts';

type Sdk = typeof import('@openai/agents-realtime');
type AgentsModule = typeof import('./index.ts');
type Session = RealtimeSession<ReadingRunContext>;

export interface ReadingTimeouts {
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
  drawMs: 5 * 60_000,
  showMs: 4_000,
  nudgeMs: 20_000,
  agentMs: { IntentAssessment: 10 * 60_000, SpreadGeneration: 10 * 60_000, Reading: 10 * 60_000 },
};

/** At most this many nudges per phase, so a confused model is not pushed in a loop. */
const MAX_NUDGES_PER_PHASE = 2;

export type TransportChoice = RealtimeTransportLayer | 'websocket' | 'webrtc';

export interface ReadingControllerOptions {
  store: ReadingStore;
  mode: Modality;
  /** Gets the engine, token and model; default `POST /api/voice/token`. */
  connect?: (request: { mode: Modality; sessionId: string }) => Promise<ReadingConnection>;
  /**
   * Chooses the transport for a connection. Default: the local reader over WebSocket at its `url`;
   * OpenAI over WebSocket for text and WebRTC for voice.
   */
  createTransport?: (connection: ReadingConnection, sdk: Sdk) => TransportChoice;
  /** Extra session config (voice: audio settings, turn detection). */
  sessionConfig?: Partial<RealtimeSessionConfig>;
  /** Loads the SDK; default `import('@openai/agents-realtime')`. */
  loadSdk?: () => Promise<Sdk>;
  /** Finds a card; default the deck's `getCard`. */
  lookupCard?: (id: string) => TarotCard | undefined;
  timeouts?: Partial<ReadingTimeouts>;
  /** The session's log; default a SessionLog emitting through the events module. */
  createLog?: (sessionId: string) => SessionLog;
  now?: () => number;
  /** Whether the SDK may send traces to OpenAI. Default false. */
  tracing?: boolean;
  /** A new id for each session; default `crypto.randomUUID()`. */
  newSessionId?: () => string;
}

interface PendingPick {
  resolve: (outcome: PickOutcome) => void;
  timer: ReturnType<typeof setTimeout>;
}

function isAgentName(name: string): name is AgentName {
  return (AGENT_NAMES as readonly string[]).includes(name);
}

function defaultTransport(
  connection: ReadingConnection,
  sdk: Sdk,
  mode: Modality,
): TransportChoice {
  if (connection.engine === 'local')
    return new sdk.OpenAIRealtimeWebSocket({ url: connection.url });
  return mode === 'voice' ? 'webrtc' : 'websocket';
}

/** How a transport travels, for the session start log. */
function transportKind(transport: TransportChoice, sdk: Sdk): SessionTransport | undefined {
  if (transport === 'webrtc' || transport === 'websocket') return transport;
  if (transport instanceof sdk.OpenAIRealtimeWebRTC) return 'webrtc';
  if (transport instanceof sdk.OpenAIRealtimeWebSocket) return 'websocket';
  return undefined; // a custom transport (a test's scripted one)
}

export class ReadingController {
  readonly store: ReadingStore;
  readonly mode: Modality;
  #options: ReadingControllerOptions;
  #timeouts: ReadingTimeouts;
  #now: () => number;
  #lookupCard: (id: string) => TarotCard | undefined;

  #sessionId = '';
  #session: Session | undefined;
  #agents: Record<AgentName, RealtimeAgent<ReadingRunContext>> | undefined;
  #facts: ReadingFacts;
  #log: SessionLog | undefined;
  #connection: ReadingConnection | undefined;
  #transport: SessionTransport | undefined;
  #status: ConnectionStatus = 'idle';
  #closing = false;
  #generation = 0;

  #pendingPick: PendingPick | undefined;
  #shownWaiters = new Map<string, Set<() => void>>();
  #partials = new Map<string, string>();
  #history: readonly unknown[] = [];
  #activeTools = 0;
  #nudgeTimer: ReturnType<typeof setTimeout> | undefined;
  #nudges = 0;
  #agentTimer: ReturnType<typeof setTimeout> | undefined;
  #handoffRetries = 0;

  constructor(options: ReadingControllerOptions) {
    this.store = options.store;
    this.mode = options.mode;
    this.#options = options;
    this.#timeouts = {
      ...DEFAULT_TIMEOUTS,
      ...options.timeouts,
      agentMs: { ...DEFAULT_TIMEOUTS.agentMs, ...options.timeouts?.agentMs },
    };
    this.#now = options.now ?? (() => Date.now());
    this.#lookupCard = options.lookupCard ?? getCard;
    this.#facts = createReadingFacts(options.mode);
  }

  /** The current session's id ('' before the first start). */
  get sessionId(): string {
    return this.#sessionId;
  }

  /** The live RealtimeSession, for voice controls (interrupt, mute, sendAudio); undefined when none. */
  get session(): Session | undefined {
    return this.#session;
  }

  /** What the phases have found in the current session. */
  get facts(): Readonly<ReadingFacts> {
    return this.#facts;
  }

  /** The four agents of the current session, once started. */
  get agents(): Readonly<Record<AgentName, RealtimeAgent<ReadingRunContext>>> | undefined {
    return this.#agents;
  }

  /** The current session's log, once a session has started; for voice controls to log to. */
  get log(): SessionLog | undefined {
    return this.#log;
  }

  /** How the connection stands. */
  get connectionStatus(): ConnectionStatus {
    return this.#status;
  }

  /** How the current session travels, once its transport is chosen. */
  get transport(): SessionTransport | undefined {
    return this.#transport;
  }

  /** Whether a session is open or opening. */
  get active(): boolean {
    return this.#status === 'connecting' || this.#status === 'connected';
  }

  /**
   * Starts a new reading: a fresh store and session id, a token, the SDK and the agents, then the
   * connection. Resolves when connected; on failure the store holds a readable error and the
   * promise still resolves (with false).
   */
  async start(): Promise<boolean> {
    if (this.active) return true;
    const generation = ++this.#generation;
    this.#resetSessionState();
    this.#sessionId = (this.#options.newSessionId ?? (() => crypto.randomUUID()))();
    const log = (
      this.#options.createLog ?? ((id: string) => new SessionLog(id, { now: this.#now }))
    )(this.#sessionId);
    this.#log = log;
    this.store.reset();
    this.#setStatus('connecting');

    let connection: ReadingConnection;
    let sdk: Sdk;
    let agentsModule: AgentsModule;
    try {
      const connect =
        this.#options.connect ??
        ((request: { mode: Modality; sessionId: string }) => requestReadingToken(request));
      [connection, sdk, agentsModule] = await Promise.all([
        connect({ mode: this.mode, sessionId: this.#sessionId }),
        (this.#options.loadSdk ?? (() => import('@openai/agents-realtime')))(),
        import('./index.ts'),
      ]);
    } catch (error) {
      if (generation === this.#generation) this.#failToConnect(error);
      return false;
    }
    if (generation !== this.#generation) return false;
    this.#connection = connection;
    this.store.setEngine(connection.engine);

    const agents = agentsModule.createReadingAgents(this.#host());
    this.#agents = agents;
    let session: Session;
    try {
      const transport = (
        this.#options.createTransport ??
        ((c: ReadingConnection, s: Sdk) => defaultTransport(c, s, this.mode))
      )(connection, sdk);
      this.#transport = transportKind(transport, sdk);
      session = new sdk.RealtimeSession<ReadingRunContext>(agents.IntentAssessment, {
        transport,
        model: connection.model,
        context: { reading: this.#facts },
        tracingDisabled: this.#options.tracing !== true,
        config: {
          outputModalities: this.mode === 'text' ? ['text'] : ['audio'],
          ...this.#options.sessionConfig,
        },
      });
    } catch (error) {
      this.#failToConnect(error);
      return false;
    }
    this.#session = session;
    this.#wire(session, sdk);
    try {
      await session.connect({
        apiKey: connection.token,
        model: connection.model,
        ...(connection.url ? { url: connection.url } : {}),
      });
    } catch (error) {
      if (generation === this.#generation) this.#failToConnect(error);
      return false;
    }
    if (generation !== this.#generation) return false;
    this.#setStatus('connected');
    this.store.setAgent('IntentAssessment');
    const device = describeDevice();
    log.start({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: new Date(connection.expiresAt * 1000).toISOString(),
      mode: this.mode,
      engine: connection.engine,
      ...(this.#transport ? { transport: this.#transport } : {}),
      ...(device ? { device } : {}),
    });
    this.#startAgentTimer('IntentAssessment');
    return true;
  }

  /** Sends the person's message. Returns false when there is no open session or nothing to send. */
  sendMessage(text: string): boolean {
    const message = text.trim();
    if (!message || !this.#session || this.#status !== 'connected') return false;
    this.#cancelNudge();
    this.store.setError(null);
    this.#session.sendMessage(message);
    return true;
  }

  /** The person picked a card (`tarot-card-pick`'s detail). Returns false when no draw is waiting. */
  pick(detail: unknown): boolean {
    return this.#settlePick({ status: 'picked', pick: detail });
  }

  /** The person dismissed the picker without choosing. */
  cancelPick(): boolean {
    return this.#settlePick({
      status: 'cancelled',
      message: 'The person closed the card picker without choosing a card.',
    });
  }

  /** The stage finished showing a card (`tarot-card-shown`'s `cardId`). */
  cardShown(cardId: string): void {
    const waiters = this.#shownWaiters.get(cardId);
    if (!waiters) return;
    this.#shownWaiters.delete(cardId);
    for (const resolve of waiters) resolve();
  }

  /**
   * Ends the reading: closes the session, settles a pending draw (the model always gets an
   * output), and logs the session summary. `reason` 'leave' is for a person leaving the page.
   */
  end(reason: 'user' | 'leave' = 'user'): void {
    this.#generation += 1;
    const hadSession = this.#session !== undefined || this.#status === 'connecting';
    this.#closing = true;
    this.#settlePick({
      status: 'cancelled',
      message:
        reason === 'leave'
          ? 'The person left the reading before picking a card.'
          : 'The reading ended before a card was picked.',
    });
    this.#releaseShownWaiters();
    this.#clearTimers();
    try {
      this.#session?.close();
    } catch {
      // Closing a transport that already failed can throw; the session is over either way.
    }
    this.#session = undefined;
    if (hadSession) this.#setStatus('disconnected');
    this.store.closePicker();
    this.store.setToolActivity(null);
    this.store.setAudio({ listening: false, speaking: false });
    this.#log?.end();
    this.#closing = false;
  }

  // ---- host: what the agents' tools and handoffs use ----

  #host(): ReadingHost {
    const facts = (): ReadingFacts => this.#facts;
    return {
      get facts() {
        return facts();
      },
      store: this.store,
      lookupCard: (id) => this.#lookupCard(id),
      requestPick: (position) => this.#requestPick(position),
      pickPending: () => this.#pendingPick !== undefined,
      waitForShown: (cardId) => this.#waitForShown(cardId),
      logToolCall: (input) => this.#log?.toolCall(input),
      logError: (input) =>
        this.#log?.error({ ...input, connectionStatus: this.#status, severity: 'error' }),
      countCardDrawn: () => this.#log?.cardDrawn(),
      connectionStatus: () => this.#status,
      now: this.#now,
    };
  }

  #requestPick(position: DrawCardParams): Promise<PickOutcome> {
    if (this.#status !== 'connected') {
      return Promise.resolve({ status: 'cancelled', message: 'The reading is not connected.' });
    }
    this.#cancelNudge();
    return new Promise<PickOutcome>((resolve) => {
      const minutes = Math.round(this.#timeouts.drawMs / 60_000);
      const timer = setTimeout(() => {
        this.#settlePick({
          status: 'timeout',
          message: `No card was picked within ${minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(this.#timeouts.drawMs / 1000)} seconds`}. Ask whether the person wants to continue.`,
        });
      }, this.#timeouts.drawMs);
      this.#pendingPick = { resolve, timer };
      this.store.openPicker(position);
      announce(
        `Drawing card for ${position.positionLabel} position: ${position.promptRole}. Pick a card from the deck.`,
      );
    });
  }

  #settlePick(outcome: PickOutcome): boolean {
    const pending = this.#pendingPick;
    if (!pending) return false;
    this.#pendingPick = undefined;
    clearTimeout(pending.timer);
    this.store.closePicker();
    pending.resolve(outcome);
    return true;
  }

  #waitForShown(cardId: string): Promise<void> {
    return new Promise<void>((resolve) => {
      let settled = false;
      const finish = (): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.#shownWaiters.get(cardId)?.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, this.#timeouts.showMs);
      const waiters = this.#shownWaiters.get(cardId) ?? new Set<() => void>();
      waiters.add(finish);
      this.#shownWaiters.set(cardId, waiters);
    });
  }

  #releaseShownWaiters(): void {
    const all = [...this.#shownWaiters.values()].flatMap((set) => [...set]);
    this.#shownWaiters.clear();
    for (const resolve of all) resolve();
  }

  // ---- session events → store and log ----

  #wire(session: Session, sdk: Sdk): void {
    const current = () => this.#session === session;

    session.on('agent_start', (_context, agent) => {
      if (!current()) return;
      this.#cancelNudge();
      if (isAgentName(agent.name) && this.store.$agent.get() !== agent.name) {
        this.store.setAgent(agent.name);
      }
    });

    session.on('agent_handoff', (_context, from, to) => {
      if (!current() || !isAgentName(from.name) || !isAgentName(to.name)) return;
      this.#cancelNudge();
      this.#nudges = 0;
      this.#handoffRetries = 0;
      this.#log?.agentTransition(from.name, to.name, this.#summary(to.name));
      this.store.setAgent(to.name);
      announce(`Now in the ${AGENT_LABELS[to.name]} phase.`);
      this.#startAgentTimer(to.name);
    });

    session.on('agent_tool_start', () => {
      if (!current()) return;
      this.#activeTools += 1;
      this.#cancelNudge();
    });

    session.on('agent_tool_end', () => {
      if (!current()) return;
      this.#activeTools = Math.max(0, this.#activeTools - 1);
    });

    session.on('agent_end', (_context, agent) => {
      if (!current() || !isAgentName(agent.name)) return;
      this.#scheduleNudge();
    });

    session.on('history_updated', (history) => {
      if (!current()) return;
      this.#history = history;
      this.#refreshTranscript();
    });

    session.on('transport_event', (event) => {
      if (!current()) return;
      // WebRTC plays the agent's voice from a media track: these say when it starts and stops.
      if (event.type === 'output_audio_buffer.started') {
        this.store.setAudio({ speaking: true });
        return;
      }
      if (
        event.type === 'output_audio_buffer.stopped' ||
        event.type === 'output_audio_buffer.cleared'
      ) {
        this.store.setAudio({ speaking: false });
        return;
      }
      if (
        event.type === 'response.output_text.delta' ||
        event.type === 'response.output_audio_transcript.delta'
      ) {
        const itemId: unknown = event.item_id;
        const delta: unknown = event.delta;
        if (typeof itemId !== 'string' || typeof delta !== 'string') return;
        this.#partials.set(itemId, (this.#partials.get(itemId) ?? '') + delta);
        this.#refreshTranscript();
      }
    });

    session.on('audio_start', () => {
      if (current()) this.store.setAudio({ speaking: true });
    });
    session.on('audio_stopped', () => {
      if (current()) this.store.setAudio({ speaking: false });
    });

    session.on('error', ({ error }) => {
      if (!current() || this.#status === 'connecting') return; // connect() reports those itself
      const agent = this.#currentAgent();
      if (error instanceof sdk.ModelBehaviorError) {
        this.#log?.error({
          type: 'validation',
          severity: 'warning',
          message: `The model made an invalid call: ${error.message}`,
          error,
          agent,
          connectionStatus: this.#status,
        });
        if (/handoff|JSON/i.test(error.message)) this.#retryHandoff();
        return;
      }
      this.#log?.error({
        type: 'connection',
        message: describeError(error, 'The reading service reported an error.'),
        error,
        agent,
        connectionStatus: this.#status,
      });
    });

    session.transport.on('connection_change', (status) => {
      if (!current()) return;
      if (status === 'disconnected' && this.#status === 'connected' && !this.#closing) {
        this.#lostConnection();
      }
    });
  }

  #refreshTranscript(): void {
    this.store.setTranscript(
      transcriptFromHistory(
        this.#history,
        this.#partials,
        (id) => this.#lookupCard(id)?.name ?? id,
      ),
    );
  }

  #summary(to: AgentName): ContextSummary {
    const facts = this.#facts;
    if (to === 'SpreadGeneration') {
      return facts.intent
        ? { topic: facts.intent.topic, hasHiddenConcern: facts.intent.hiddenConcern.trim() !== '' }
        : {};
    }
    if (to === 'Reading') {
      return {
        ...(facts.intent ? { topic: facts.intent.topic } : {}),
        ...(facts.spread
          ? { spreadName: facts.spread.name.slice(0, 80), positions: facts.spread.positions.length }
          : {}),
        cards: facts.cards.length,
      };
    }
    if (to === 'Followup') {
      return {
        cards: facts.cards.length,
        interpretations: facts.reading?.interpretations.length ?? 0,
      };
    }
    return {};
  }

  #currentAgent(): AgentName {
    return this.store.$agent.get() ?? 'IntentAssessment';
  }

  // ---- nudges and the agent timeout ----

  #scheduleNudge(): void {
    this.#cancelNudge();
    const agent = this.#currentAgent();
    if (agent !== 'SpreadGeneration' && agent !== 'Reading') return;
    if (this.#nudges >= MAX_NUDGES_PER_PHASE) return;
    this.#nudgeTimer = setTimeout(() => {
      this.#nudgeTimer = undefined;
      if (this.#currentAgent() !== agent) return;
      this.#nudge(agent);
    }, this.#timeouts.nudgeMs);
  }

  /** Sends the agent a short app note to proceed, where the UI can tell its phase is stalled. */
  #nudge(agent: AgentName): boolean {
    if (this.#status !== 'connected' || !this.#session) return false;
    if (this.#pendingPick || this.#activeTools > 0) return false;
    const note = this.#nudgeText(agent);
    if (!note) return false;
    this.#nudges += 1;
    this.#session.sendMessage(`${APP_NOTE_PREFIX} ${note}`);
    return true;
  }

  #nudgeText(agent: AgentName): string | undefined {
    const facts = this.#facts;
    if (agent === 'SpreadGeneration') {
      if (facts.cards.length === 0) return undefined;
      return 'The person is waiting and the card picker is closed. If every position of the spread has a card, call transfer_to_Reading now with the spread and the cards drawn; otherwise describe the next position and call draw_card for it.';
    }
    if (agent === 'Reading') {
      const next = facts.cards.find((card) => !facts.shownCardIds.includes(card.cardId));
      if (next) {
        return `Continue the reading: call show_card for ${next.cardName} (cardId "${next.cardId}", reversed ${next.reversed}), then interpret it.`;
      }
      return 'Every card has been shown. Give the synthesis and advice if you have not yet, then call transfer_to_Followup.';
    }
    return undefined;
  }

  #retryHandoff(): void {
    if (this.#handoffRetries >= MAX_NUDGES_PER_PHASE || !this.#session) return;
    this.#handoffRetries += 1;
    this.#session.sendMessage(
      `${APP_NOTE_PREFIX} The handoff did not go through: its input did not match the required fields. Call it again with every required field filled in.`,
    );
  }

  #startAgentTimer(agent: AgentName): void {
    if (this.#agentTimer) clearTimeout(this.#agentTimer);
    this.#agentTimer = undefined;
    const limit = this.#timeouts.agentMs[agent];
    if (limit === undefined) return;
    this.#agentTimer = setTimeout(() => {
      this.#agentTimer = undefined;
      if (this.#currentAgent() !== agent || this.#status !== 'connected') return;
      this.#log?.error({
        type: 'timeout',
        severity: 'warning',
        message: `Agent timeout: ${agent} has been active for ${Math.round(limit / 60_000)} minutes without a handoff.`,
        agent,
        connectionStatus: this.#status,
      });
      this.#nudge(agent);
    }, limit);
  }

  #cancelNudge(): void {
    if (this.#nudgeTimer) clearTimeout(this.#nudgeTimer);
    this.#nudgeTimer = undefined;
  }

  #clearTimers(): void {
    this.#cancelNudge();
    if (this.#agentTimer) clearTimeout(this.#agentTimer);
    this.#agentTimer = undefined;
  }

  // ---- connection state ----

  #setStatus(status: ConnectionStatus): void {
    this.#status = status;
    this.store.setConnection(status);
  }

  #failToConnect(error: unknown): void {
    const message = readableConnectError(error, this.#connection?.engine);
    try {
      this.#session?.close();
    } catch {
      // Already failed; nothing more to close.
    }
    this.#session = undefined;
    this.#setStatus('error');
    this.store.setError({ kind: 'connection', message });
    announce(message, { assertive: true });
    this.#log?.error({
      type: 'connection',
      message,
      error,
      connectionStatus: 'error',
    });
  }

  #lostConnection(): void {
    const message = 'The connection to the reader closed.';
    this.#settlePick({
      status: 'cancelled',
      message: 'The connection closed before a card was picked.',
    });
    this.#releaseShownWaiters();
    this.#clearTimers();
    this.#session = undefined;
    this.#setStatus('disconnected');
    this.store.setError({ kind: 'connection', message });
    announce(message, { assertive: true });
    this.#log?.error({
      type: 'connection',
      message,
      agent: this.#currentAgent(),
      connectionStatus: 'disconnected',
    });
    this.#log?.end();
  }

  #resetSessionState(): void {
    this.#clearTimers();
    this.#facts = createReadingFacts(this.mode);
    this.#partials.clear();
    this.#history = [];
    this.#activeTools = 0;
    this.#nudges = 0;
    this.#handoffRetries = 0;
    this.#agents = undefined;
    this.#connection = undefined;
    this.#transport = undefined;
  }
}
