/**
 * A reading over the Realtime API, in text or voice mode: owns one RealtimeSession at a time and
 * writes everything it learns to its reading store; says phase changes, tool states and errors through its announcer.
 * Elements never touch it; the element that owns it (`<tarot-reading>`, through its
 * `ReadingSessions`) wires their events to it and gives it that element's own store and announcer.
 *
 *   const reading = new RealtimeReading({ store: createReadingStore(), mode: 'text', announcer });
 *   await reading.start();              // token → SDK (loaded now) → agents → connect
 *   reading.sendMessage('Will I find a new job?');
 *   reading.pick(event.detail);         // from <tarot-card-picker>'s tarot-card-pick
 *   reading.cardShown(event.detail.cardId);   // from <tarot-card-stage>'s tarot-card-shown
 *   reading.end();                      // closes, settles a pending draw, logs the summary
 *
 * The SDK and the agents load with `import()` when a session starts. Beside it: options and
 * transports (`reading-options.ts`), the picker and stage waits (`card-waiters.ts`), what comes in
 * from the session's events (`intake.ts`), the connection that opens, resumes and loses sessions
 * (`connection.ts`), nudges and the agent timeout (`reading-nudges.ts`).
 */
import { type CardIdentity, cardIdentity } from '../../../contracts/cards.ts';
import type { AgentName, DrawCardParams } from '../../../contracts/reading-schema.ts';
import type { ConnectionStatus, SessionTransport } from '../../../contracts/events.ts';
import { SessionLog } from '../../events/index.ts';
import { type Announcer, createAnnouncer } from '../../stores/announcer.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import { CardWaiters } from './card-waiters.ts';
import {
  type Modality,
  type PickOutcome,
  type ReadingFacts,
  type ReadingHost,
  createReadingFacts,
} from '../agents/context.ts';
import { ReadingNudges } from './reading-nudges.ts';
import {
  type RealtimeReadingOptions,
  type ReadingTimeouts,
  resolveTimeouts,
} from './reading-options.ts';
import {
  type ReadingSnapshot,
  browserSessionStorage,
  clearSnapshot,
  handOverSnapshot,
  loadSnapshot,
  restoreReading,
  saveSnapshot,
  snapshotOf,
} from '../state/resume.ts';
import { TranscriptFeed } from './intake.ts';
import { type ReadingAgents, ReadingConnection, type Session } from './connection.ts';
import { type StallAnswer, choiceNote } from './stall-choice.ts';
import type { ReadingStrings } from '../i18n/session-en.ts';
import { ReadingLocale } from '../i18n/session.ts';

export {
  DEFAULT_TIMEOUTS,
  type RealtimeReadingOptions,
  type ReadingTimeouts,
  type TransportChoice,
} from './reading-options.ts';

export class RealtimeReading {
  readonly store: ReadingStore;
  readonly mode: Modality;
  /** Where it speaks to screen readers: the owning element's announcer. */
  readonly announcer: Announcer;
  #options: RealtimeReadingOptions;
  /** The reading's strings in the visitor's language (`strings`); `load()` brings the session's own. */
  readonly locale: ReadingLocale;
  #timeouts: ReadingTimeouts;
  #now: () => number;
  #lookupCard: (id: string) => CardIdentity | undefined;

  #sessionId = '';
  /** Its reading went to another mode (`handOver`): nothing is saved under its key until a start. */
  #handedOver = false;
  #facts: ReadingFacts;
  #log: SessionLog | undefined;
  #connection: ReadingConnection;

  #waiters: CardWaiters;
  #nudges: ReadingNudges;
  #transcript: TranscriptFeed;

  constructor(options: RealtimeReadingOptions) {
    this.store = options.store;
    this.mode = options.mode;
    this.#options = options;
    this.locale = new ReadingLocale(options.lang, options.strings);
    this.#timeouts = resolveTimeouts(options.timeouts);
    this.#now = options.now ?? (() => Date.now());
    this.#lookupCard = options.lookupCard ?? cardIdentity;
    this.#facts = createReadingFacts(options.mode, options.lang);
    this.announcer = options.announcer ?? createAnnouncer();
    this.#waiters = new CardWaiters({
      drawMs: () => this.#timeouts.drawMs,
      showMs: () => this.#timeouts.showMs,
      onPickerOpen: (position) => {
        this.store.openPicker(position);
        const t = this.strings;
        const where = t.position(position.positionLabel);
        this.announcer.announce(t.drawingFor(where, position.promptRole));
      },
      onPickerClose: () => this.store.closePicker(),
    });
    this.#nudges = new ReadingNudges(
      {
        agent: () => this.#currentAgent(),
        status: () => this.#connection.status,
        facts: () => this.#facts,
        pickPending: () => this.#waiters.pickPending,
        send: (message) => {
          if (!this.#connection.session) return false;
          this.#connection.session.sendMessage(message);
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
    this.#connection = new ReadingConnection({
      store: this.store,
      announcer: this.announcer,
      mode: this.mode,
      options,
      nudges: this.#nudges,
      transcript: this.#transcript,
      waiters: this.#waiters,
      sessionId: () => this.#sessionId,
      facts: () => this.#facts,
      log: () => this.#log,
      host: () => this.#host(),
      currentAgent: () => this.#currentAgent(),
      connectMs: () => this.#timeouts.connectMs,
      locale: this.locale,
    });
    this.store.$agent.listen(() => this.#persist());
  }

  /** The reading's strings in the visitor's language, as they stand now. */
  get strings(): ReadingStrings {
    return this.locale.t;
  }

  /** The current session's id ('' before the first start). */
  get sessionId(): string {
    return this.#sessionId;
  }

  /** The live RealtimeSession, for voice controls (interrupt, mute, sendAudio); undefined when none. */
  get session(): Session | undefined {
    return this.#connection.session;
  }

  /** What the phases have found in the current session. */
  get facts(): Readonly<ReadingFacts> {
    return this.#facts;
  }

  /** The four agents of the current session, once started. */
  get agents(): Readonly<ReadingAgents> | undefined {
    return this.#connection.agents;
  }

  /** The current session's log, once a session has started; for voice controls to log to. */
  get log(): SessionLog | undefined {
    return this.#log;
  }

  /** How the connection stands. */
  get connectionStatus(): ConnectionStatus {
    return this.#connection.status;
  }

  /** How the current session travels, once its transport is chosen. */
  get transport(): SessionTransport | undefined {
    return this.#connection.transport;
  }

  /** Whether a session is open or opening. */
  get active(): boolean {
    return this.#connection.status === 'connecting' || this.#connection.status === 'connected';
  }

  /**
   * Starts a new reading: a fresh store and session id, a token, the SDK and the agents, then the
   * connection. Resolves with whether it connected; on failure the store holds a readable error.
   */
  async start(): Promise<boolean> {
    if (this.active) return true;
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
    this.#connection.setStatus('connecting');
    return this.#connection.open(saved ? 'restored' : 'new');
  }

  /**
   * A new session with a fresh token ("Try again", "Start a new reading"): the open one ends as if
   * the person ended it. Resolves with whether the new one connected.
   */
  restart(): Promise<boolean> {
    this.end('user');
    return this.start();
  }

  /** Sends the person's message. Returns false when there is no open session or nothing to send. */
  sendMessage(text: string): boolean {
    const message = text.trim();
    const session = this.#connection.session;
    if (!message || !session || this.#connection.status !== 'connected') return false;
    this.#nudges.cancel();
    this.store.setError(null);
    session.sendMessage(message);
    return true;
  }

  /**
   * The person's answer to a stall choice (voice, where they cannot speak): go on, or draw the
   * card again. Returns false when no choice was waiting or there is no open session.
   */
  choose(choice: StallAnswer): boolean {
    const session = this.#connection.session;
    if (!this.store.$choice.get() || !session || this.#connection.status !== 'connected')
      return false;
    this.store.setChoice(null);
    this.#nudges.cancel();
    session.sendMessage(choiceNote(choice));
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
    this.#connection.close(() => {
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
    });
    this.store.closePicker();
    this.store.setToolActivity(null);
    this.store.setChoice(null);
    this.store.setAudio({ listening: false, speaking: false });
    this.#log?.end();
  }

  /**
   * Hands this reading to `mode` (a voice reading's Switch to text): it ends here, and its kept
   * snapshot moves to `key`, that mode's key, for that mode's session to restore on its start.
   * Returns whether there was a reading to hand over.
   */
  handOver(key: string, mode: Modality): boolean {
    const own = this.#options.persistKey;
    if (!own || own === key) return false;
    if (this.active) this.end('leave'); // saved as it is now
    this.#handedOver = true;
    return handOverSnapshot(this.#storage(), { key: own, mode: this.mode }, { key, mode });
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
        this.#log?.error({
          ...input,
          connectionStatus: this.#connection.status,
          severity: 'error',
        }),
      countCardDrawn: () => this.#log?.cardDrawn(),
      connectionStatus: () => this.#connection.status,
      now: this.#now,
      strings: () => this.strings,
    };
  }

  #requestPick(position: DrawCardParams): Promise<PickOutcome> {
    if (this.#connection.status !== 'connected') {
      return Promise.resolve({ status: 'cancelled', message: 'The reading is not connected.' });
    }
    this.#nudges.cancel();
    return this.#waiters.requestPick(position);
  }

  #currentAgent(): AgentName {
    return this.store.$agent.get() ?? 'IntentAssessment';
  }

  // ---- what is kept across a reload ----

  #storage() {
    return this.#options.storage ?? browserSessionStorage();
  }

  /** Saves the reading under its key, while there is a reading to save. */
  #persist(): void {
    const key = this.#options.persistKey;
    const agent = this.store.$agent.get();
    if (
      !key ||
      !agent ||
      !this.#sessionId ||
      this.#handedOver ||
      this.#connection.status === 'idle'
    ) {
      return;
    }
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
    this.#handedOver = false;
    this.#nudges.reset();
    this.#facts = createReadingFacts(this.mode, this.#options.lang);
    this.#transcript.reset();
    this.#connection.reset();
  }
}

/**
 * The text mode's session, as `<tarot-reading>`'s host makes it when the mode is first chosen: a
 * reading alone.
 */
export function createReadingSession(options: Omit<RealtimeReadingOptions, 'mode'>): {
  reading: RealtimeReading;
} {
  return { reading: new RealtimeReading({ ...options, mode: 'text' }) };
}
