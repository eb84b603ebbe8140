/**
 * The reading session controller: owns one RealtimeSession at a time and writes everything it
 * learns to its reading store; says phase changes, tool states and errors through its announcer.
 * Elements never touch it; the element that owns it (`<tarot-reading>`, through its
 * `ReadingSessions`) wires their events to it and gives it that element's own store and announcer.
 *
 *   const reading = new ReadingController({ store: createReadingStore(), mode: 'text', announcer });
 *   await reading.start();              // token → SDK (loaded now) → agents → connect
 *   reading.sendMessage('Will I find a new job?');
 *   reading.pick(event.detail);         // from <tarot-card-picker>'s tarot-card-pick
 *   reading.cardShown(event.detail.cardId);   // from <tarot-card-stage>'s tarot-card-shown
 *   reading.end();                      // closes, settles a pending draw, logs the summary
 *
 * The SDK and the agents load with `import()` when a session starts. Split along its sections:
 * options and transports (`reading-options.ts`), the picker and stage waits (`card-waiters.ts`),
 * the session's events (`session-events.ts`), nudges and the agent timeout (`reading-nudges.ts`).
 */
import type { RealtimeAgent, RealtimeSession } from '@openai/agents-realtime';
import type { ConnectionStatus, SessionTransport } from '../../../contracts/events.ts';
import { type TarotCard, getCard } from '../../../contracts/deck.ts';
import type { AgentName, DrawCardParams } from '../../../contracts/reading.ts';
import { SessionLog, describeDevice } from '../../events/index.ts';
import { type Announcer, createAnnouncer } from '../../stores/announcer.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import { CardWaiters } from './card-waiters.ts';
import { type ReadingConnection, readableConnectError, requestReadingToken } from './connection.ts';
import {
  type Modality,
  type PickOutcome,
  type ReadingFacts,
  type ReadingHost,
  type ReadingRunContext,
  createReadingFacts,
} from './context.ts';
import { ReadingNudges } from './reading-nudges.ts';
import {
  type ReadingControllerOptions,
  type ReadingTimeouts,
  type Sdk,
  createSession,
  resolveTimeouts,
} from './reading-options.ts';
import {
  type ReadingSnapshot,
  browserSessionStorage,
  clearSnapshot,
  loadSnapshot,
  carryOnNote,
  replayableHistory,
  restoreReading,
  saveSnapshot,
  snapshotOf,
} from './resume.ts';
import { TranscriptFeed, wireSession } from './session-events.ts';
import { choiceNote, stallChoice } from './stall-choice.ts';

export {
  DEFAULT_TIMEOUTS,
  type ReadingControllerOptions,
  type ReadingTimeouts,
  type TransportChoice,
} from './reading-options.ts';

type AgentsModule = typeof import('./index.ts');
type Session = RealtimeSession<ReadingRunContext>;

export class ReadingController {
  readonly store: ReadingStore;
  readonly mode: Modality;
  /** Where it speaks to screen readers: the owning element's announcer. */
  readonly announcer: Announcer;
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
  /** A draw was waiting when the connection dropped: the resumed agent is told to ask again. */
  #interruptedDraw = false;

  #waiters: CardWaiters;
  #nudges: ReadingNudges;
  #transcript: TranscriptFeed;

  constructor(options: ReadingControllerOptions) {
    this.store = options.store;
    this.mode = options.mode;
    this.#options = options;
    this.#timeouts = resolveTimeouts(options.timeouts);
    this.#now = options.now ?? (() => Date.now());
    this.#lookupCard = options.lookupCard ?? getCard;
    this.#facts = createReadingFacts(options.mode);
    this.announcer = options.announcer ?? createAnnouncer();
    this.#waiters = new CardWaiters({
      drawMs: () => this.#timeouts.drawMs,
      showMs: () => this.#timeouts.showMs,
      onPickerOpen: (position) => {
        this.store.openPicker(position);
        this.announcer.announce(
          `Drawing a card for the ${position.positionLabel} position: ${position.promptRole}. Pick a card from the deck.`,
        );
      },
      onPickerClose: () => this.store.closePicker(),
    });
    this.#nudges = new ReadingNudges(
      {
        agent: () => this.#currentAgent(),
        status: () => this.#status,
        facts: () => this.#facts,
        pickPending: () => this.#waiters.pickPending,
        send: (message) => {
          if (!this.#session) return false;
          this.#session.sendMessage(message);
          return true;
        },
        log: () => this.#log,
      },
      () => this.#timeouts,
    );
    this.#transcript = new TranscriptFeed(
      this.store,
      (id) => this.#lookupCard(id)?.name ?? id,
      () => this.#persist(),
    );
    this.store.$agent.listen(() => this.#persist());
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
   * connection. Resolves with whether it connected; on failure the store holds a readable error.
   */
  async start(): Promise<boolean> {
    if (this.active) return true;
    const generation = ++this.#generation;
    this.#resetSessionState();
    const key = this.#options.persistKey;
    const saved = key ? loadSnapshot(this.#storage(), key, this.mode) : undefined;
    this.#sessionId =
      saved?.sessionId ?? (this.#options.newSessionId ?? (() => crypto.randomUUID()))();
    this.#log = (
      this.#options.createLog ?? ((id: string) => new SessionLog(id, { now: this.#now }))
    )(this.#sessionId);
    this.store.reset();
    this.store.setSessionId(this.#sessionId);
    if (saved) this.#restore(saved);
    this.#setStatus('connecting');
    return this.#open(generation, saved ? 'restored' : 'new');
  }

  /**
   * Opens a session at the current agent: a fresh token, the SDK and the agents, the connection.
   * A resumed session (after a drop or a reload) is given the past messages to replay.
   */
  async #open(generation: number, kind: 'new' | 'restored' | 'reconnect'): Promise<boolean> {
    let connection: ReadingConnection;
    let sdk: Sdk;
    let agentsModule: AgentsModule;
    try {
      const connect =
        this.#options.connect ??
        ((request: { mode: Modality; sessionId: string }) => requestReadingToken(request));
      const code = Promise.all([
        (this.#options.loadSdk ?? (() => import('@openai/agents-realtime')))(),
        import('./index.ts'),
      ]);
      code.catch(() => undefined); // awaited below: a refused token is the failure to report
      connection = await connect({ mode: this.mode, sessionId: this.#sessionId });
      [sdk, agentsModule] = await code;
    } catch (error) {
      if (generation === this.#generation) this.#failToConnect(error);
      return false;
    }
    if (generation !== this.#generation) return false;
    this.#connection = connection;
    this.store.setEngine(connection.engine);

    const agents = agentsModule.createReadingAgents(this.#host());
    this.#agents = agents;
    const first = this.#currentAgent();
    let session: Session;
    try {
      const created = createSession(sdk, agents[first], connection, this.#facts, {
        ...this.#options,
        mode: this.mode,
      });
      session = created.session;
      this.#transport = created.transport;
    } catch (error) {
      this.#failToConnect(error);
      return false;
    }
    this.#session = session;
    wireSession(session, sdk, {
      store: this.store,
      announcer: this.announcer,
      nudges: this.#nudges,
      transcript: this.#transcript,
      isCurrent: (candidate) => this.#session === candidate,
      status: () => this.#status,
      closing: () => this.#closing,
      facts: () => this.#facts,
      log: () => this.#log,
      currentAgent: () => this.#currentAgent(),
      lostConnection: () => this.#lostConnection(),
      toolFailed: (tool, code) => {
        const choice = stallChoice(this.mode, this.#currentAgent(), tool, code);
        if (choice) {
          this.store.setChoice(choice);
          this.announcer.announce(choice.message, { assertive: true });
        }
      },
    });
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
    if (kind !== 'new') this.#replay(session);
    this.#setStatus('connected');
    this.store.setAgent(first);
    this.store.setError(null);
    if (kind !== 'reconnect') {
      const device = describeDevice();
      this.#log?.start({
        initialAgent: first,
        tokenExpiresAt: new Date(connection.expiresAt * 1000).toISOString(),
        mode: this.mode,
        engine: connection.engine,
        ...(this.#transport ? { transport: this.#transport } : {}),
        ...(device ? { device } : {}),
      });
    } else {
      this.announcer.announce('Reconnected. The reading goes on where it was.');
    }
    this.#nudges.startAgentTimer(first);
    if (kind !== 'new') this.#carryOn(first);
    return true;
  }

  /** Gives a resumed session the past messages; one it refuses leaves the reading going on. */
  #replay(session: Session): void {
    try {
      session.updateHistory(replayableHistory(this.#transcript.items));
    } catch (error) {
      this.#log?.error({
        type: 'connection',
        severity: 'warning',
        message: 'The past messages could not be replayed into the new session.',
        error,
        agent: this.#currentAgent(),
        connectionStatus: this.#status,
      });
    }
  }

  #carryOn(agent: AgentName): void {
    const note = carryOnNote(agent, this.#interruptedDraw);
    this.#interruptedDraw = false;
    if (note) this.#session?.sendMessage(note);
  }

  /** Sends the person's message. Returns false when there is no open session or nothing to send. */
  sendMessage(text: string): boolean {
    const message = text.trim();
    if (!message || !this.#session || this.#status !== 'connected') return false;
    this.#nudges.cancel();
    this.store.setError(null);
    this.#session.sendMessage(message);
    return true;
  }

  /**
   * The person's answer to a stall choice (voice, where they cannot speak): go on, or draw the
   * card again. Returns false when no choice was waiting or there is no open session.
   */
  choose(choice: 'continue' | 'draw-again'): boolean {
    if (!this.store.$choice.get() || !this.#session || this.#status !== 'connected') return false;
    this.store.setChoice(null);
    this.#nudges.cancel();
    this.#session.sendMessage(choiceNote(choice));
    return true;
  }

  /** The person picked a card (`tarot-card-pick`'s detail). Returns false when no draw is waiting. */
  pick(detail: unknown): boolean {
    return this.#waiters.settlePick({ status: 'picked', pick: detail });
  }

  /** The person dismissed the picker without choosing. */
  cancelPick(): boolean {
    return this.#waiters.settlePick({
      status: 'cancelled',
      message:
        'The person cancelled this draw from the card picker; no card was drawn. Say that the draw was cancelled, then ask whether to draw again or end the reading.',
    });
  }

  /** The stage finished showing a card (`tarot-card-shown`'s `cardId`). */
  cardShown(cardId: string): void {
    this.#waiters.cardShown(cardId);
  }

  /**
   * Ends the reading: closes the session, settles a pending draw (the model always gets an
   * output), and logs the session summary. `reason` 'leave' is for a person leaving the page.
   */
  end(reason: 'user' | 'leave' = 'user'): void {
    this.#generation += 1;
    const hadSession = this.#session !== undefined || this.#status === 'connecting';
    this.#closing = true;
    this.#waiters.settlePick({
      status: 'cancelled',
      message:
        reason === 'leave'
          ? 'The person left the reading before picking a card.'
          : 'The reading ended before a card was picked.',
    });
    this.#waiters.releaseShown();
    this.#nudges.clear();
    if (this.#options.persistKey) {
      if (reason === 'user') clearSnapshot(this.#storage(), this.#options.persistKey);
      else this.#persist();
    }
    try {
      this.#session?.close();
    } catch {
      // Closing a transport that already failed can throw; the session is over either way.
    }
    this.#session = undefined;
    if (hadSession) this.#setStatus('disconnected');
    this.store.closePicker();
    this.store.setToolActivity(null);
    this.store.setChoice(null);
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
      pickPending: () => this.#waiters.pickPending,
      waitForShown: (cardId) => this.#waiters.waitForShown(cardId),
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
    this.#nudges.cancel();
    return this.#waiters.requestPick(position);
  }

  #currentAgent(): AgentName {
    return this.store.$agent.get() ?? 'IntentAssessment';
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
    // The error first: whoever watches the status going to 'error' can read why.
    this.store.setError({ kind: 'connection', message });
    this.#setStatus('error');
    this.announcer.announce(message, { assertive: true });
    this.#log?.error({
      type: 'connection',
      message,
      error,
      connectionStatus: 'error',
    });
  }

  /**
   * The transport dropped while connected. With reconnection on (the default), everything the
   * reading holds stays — the store, the facts, the transcript, the agent — and a new session
   * opens with a fresh token, the past messages replayed into it. Else the reading ends there.
   */
  #lostConnection(): void {
    const drawing = this.#waiters.pickPending;
    this.#waiters.settlePick({
      status: 'cancelled',
      message: 'The connection closed before a card was picked.',
    });
    this.#waiters.releaseShown();
    this.#nudges.clear();
    const lost = this.#session;
    this.#session = undefined;
    try {
      lost?.close();
    } catch {
      // Already closed underneath; nothing more to close.
    }
    if (this.#options.reconnect !== false) {
      this.#interruptedDraw ||= drawing;
      this.#transcript.carry();
      this.store.closePicker();
      this.store.setToolActivity(null);
      this.store.setAudio({ listening: false, speaking: false });
      this.#setStatus('connecting');
      this.announcer.announce('The connection to the reader dropped. Reconnecting…', {
        assertive: true,
      });
      this.#log?.error({
        type: 'connection',
        severity: 'warning',
        message: 'The connection to the reader dropped; reconnecting with a fresh token.',
        agent: this.#currentAgent(),
        connectionStatus: 'connecting',
      });
      void this.#open(++this.#generation, 'reconnect');
      return;
    }
    const message = 'The connection to the reader closed.';
    // The error first: whoever watches the status going to 'disconnected' can read why.
    this.store.setError({ kind: 'connection', message });
    this.#setStatus('disconnected');
    this.announcer.announce(message, { assertive: true });
    this.#log?.error({
      type: 'connection',
      message,
      agent: this.#currentAgent(),
      connectionStatus: 'disconnected',
    });
    this.#log?.end();
  }

  // ---- what is kept across a reload ----

  #storage() {
    return this.#options.storage ?? browserSessionStorage();
  }

  /** Saves the reading under its key, while there is a reading to save. */
  #persist(): void {
    const key = this.#options.persistKey;
    const agent = this.store.$agent.get();
    if (!key || !agent || !this.#sessionId || this.#status === 'idle') return;
    saveSnapshot(
      this.#storage(),
      key,
      snapshotOf({
        sessionId: this.#sessionId,
        mode: this.mode,
        agent,
        facts: this.#facts,
        history: this.#transcript.items,
      }),
    );
  }

  #restore(saved: ReadingSnapshot): void {
    this.#facts = restoreReading(this.store, saved, this.mode, this.#lookupCard);
    this.#transcript.restore(saved.history);
  }

  #resetSessionState(): void {
    this.#nudges.reset();
    this.#facts = createReadingFacts(this.mode);
    this.#transcript.reset();
    this.#agents = undefined;
    this.#connection = undefined;
    this.#transport = undefined;
  }
}
