import type { SupportedLang } from '../../../contracts/locale.ts';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ConnectRequest, ReadingToken } from '../session/token.ts';
import type { Modality } from '../agents/context.ts';
import type { RealtimeReading, RealtimeReadingOptions } from '../session/realtime-reading.ts';
import type { StallAnswer } from '../session/stall-choice.ts';
import type { VoiceReadingOptions, VoiceReadingSession } from '../session/voice-session.ts';
import type { Announcer } from '../../stores/announcer.ts';
import { ReadingCostCap } from './reading-cost-cap.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import type { TarotStrings } from '../i18n/en.ts';
import type { TarotRootStrings } from '../i18n/root-en.ts';

/** What a `<tarot-reading>` shows: the mode selection, or a reading by text or by voice. */
export type ReadingMode = 'choose' | Modality;

export interface ReadingSessionsOptions {
  /** The mode the host shows now. */
  mode: () => ReadingMode;
  /** The host's checked language (its locale controller's), read when a mode's session is made. */
  lang?: () => SupportedLang;
  /**
   * The host's strings (its locale controller's: the root's English words, or all of another
   * language's), for the sessions' errors and notes.
   */
  strings?: () => TarotRootStrings & Partial<TarotStrings>;
  /** The edge's origin ('' for the page's own), read each time a session asks for a token. */
  apiBase: () => string;
  /** The host page's Turnstile token ('' for none), read each time a session asks for a token. */
  turnstileToken?: () => string;
  /** This element instance's key for its reading's cost-cap clock (default 'reading'). */
  instanceKey?: () => string;
  /** The host's own stores, one per mode, so its text and voice readings never mix. */
  stores: { text: ReadingStore; voice: ReadingStore };
  /** The host's own announcer, rendered in its live regions. */
  announcer: Announcer;
  /** The active mode's code could not be loaded. */
  onLoadFailed?: () => void;
  /** The key its reading in `mode` is kept under across a reload. */
  persistKey?: (mode: 'text' | 'voice') => string | undefined;
  /** Whether the microphone may open (the visitor's consent); asked before each voice start. */
  micAllowed?: () => Promise<boolean>;
  /** The visitor declined the microphone: the voice reading does not start. */
  onMicDeclined?: () => void;
  /**
   * Loads a mode's view (`<tarot-reading-text>` or `<tarot-reading-voice>`) beside its session:
   * the host element loads its own views, so this controller never imports one.
   */
  loadView: (mode: Modality) => Promise<unknown>;
}

/**
 * One mode's session: its reading and, in a voice reading, what speaking adds around it (the
 * browser check, consent, the microphone, push-to-talk), which then opens and ends the reading.
 */
interface ModeSession {
  readonly reading: RealtimeReading;
  readonly voice?: VoiceReadingSession | undefined;
}

/** What each mode's session is made from: the reading's options, and the consent a voice one asks. */
type SessionOptions = Omit<RealtimeReadingOptions, 'mode'> &
  Pick<VoiceReadingOptions, 'micAllowed' | 'onMicDeclined'>;

/** Each mode's session code, loaded (with its view) the first time the mode is chosen. */
const SESSION_MODULES: Record<
  Modality,
  () => Promise<{ createReadingSession(options: SessionOptions): ModeSession }>
> = {
  text: () => import('../session/realtime-reading.ts'),
  voice: () => import('../session/voice-session.ts'),
};

/**
 * The sessions behind a `<tarot-reading>`, owned by it: one per mode, each loaded (with its view)
 * and made when its mode is first chosen, then kept. Only the host's active mode
 * runs: its session starts when the mode becomes active (or the host is connected again) and ends
 * when another mode takes over, when the host leaves the document, or when the page is hidden
 * (`pagehide`). The Realtime SDK loads only when a session starts.
 *
 * The sessions write the host's own stores and speak through its own announcer (both given in the
 * options), so two readings on one page never share a thing.
 *
 * The host forwards its views' events to the methods below; they reach the active session only.
 */
export class ReadingSessions implements ReactiveController {
  #host: ReactiveControllerHost;
  #options: ReadingSessionsOptions;
  #active: ReadingMode = 'choose';
  #connected = false;
  /** Bumped on every start and stop, so a start that waited for its code knows if it is stale. */
  #run = 0;
  /** The sessions made so far, by mode; the mode selection has none. */
  #sessions = new Map<ReadingMode, ModeSession>();
  #notice = '';
  #loadFailed = false;
  /** The start under way, if any: what `start()` waits for instead of starting twice. */
  #pending: Promise<boolean> | undefined;

  constructor(host: ReactiveControllerHost, options: ReadingSessionsOptions) {
    this.#host = host;
    this.#options = options;
    this.#costCap = new ReadingCostCap({
      key: () => `${options.instanceKey?.() ?? 'reading'}:${this.#active}`,
      announcer: options.announcer,
      strings: options.strings,
      end: () => this.#life()?.end('user'),
    });
    host.addController(this);
  }

  /** The reading's cost cap (the edge's `maxSessionMinutes`), counted across reconnects. */
  readonly #costCap: ReadingCostCap;

  /** The active session's short hint (a hold too short, a microphone hiccup); '' for none. */
  get notice(): string {
    return this.#notice;
  }

  /** Whether the active mode's code failed to load. */
  get loadFailed(): boolean {
    return this.#loadFailed;
  }

  hostConnected(): void {
    this.#connected = true;
    addEventListener('pagehide', this.#onPageHide);
    this.#activate(true);
  }

  hostUpdate(): void {
    this.#activate(false);
  }

  hostDisconnected(): void {
    this.#connected = false;
    removeEventListener('pagehide', this.#onPageHide);
    this.#stop();
  }

  /** The active mode's session, once made; none in the mode selection. */
  #session(): ModeSession | undefined {
    return this.#sessions.get(this.#active);
  }

  /**
   * What opens, restarts, hands over and ends the active mode's reading: its voice session, if it
   * has one, else the reading.
   */
  #life(): RealtimeReading | VoiceReadingSession | undefined {
    const session = this.#session();
    return session && (session.voice ?? session.reading);
  }

  // ---- from the host page and the views ----

  /**
   * Starts the active mode's session unless one is open or opening; resolves with whether it
   * connected. False in the mode selection.
   */
  start(): Promise<boolean> {
    if (this.#pending) return this.#pending;
    if (this.#session()?.reading.active) return Promise.resolve(true);
    if (this.#active === 'choose' || !this.#connected) return Promise.resolve(false);
    return this.#start();
  }

  /** Ends the active session, as "End reading" does. */
  end(): void {
    this.#costCap.reset();
    this.#life()?.end('user');
  }

  /** Sends a typed message into the active session; false when none is open. */
  sendMessage(text: string): boolean {
    return this.#session()?.reading.sendMessage(text) ?? false;
  }

  /** "Start a new reading" or "Try again" after the person ended it: a new cost-cap count. */
  restart(): void {
    this.#costCap.reset();
    void this.#life()?.restart();
  }

  /** "Retry" after a failure: the same reading again, its cost cap still counting. */
  retry(): void {
    void this.#life()?.restart();
  }

  /** The talk button went down (a voice reading only has one). */
  talkStart(): void {
    this.#session()?.voice?.press();
  }

  /** The talk button came up (`released`: the turn is sent) or the hold was broken off. */
  talkEnd(released: boolean): void {
    const voice = this.#session()?.voice;
    if (released) voice?.release();
    else voice?.cancelTalk();
  }

  /**
   * "Switch to text" from a reading under way (the stall choice): its session ends and its
   * reading, kept across a reload, moves to the text mode's key, so the text reading that starts
   * next goes on from there (question, spread, cards, transcript) instead of afresh. A reading
   * that never connected (an error's way out to text) is left as it is.
   */
  handToText(): void {
    const key = this.#options.persistKey?.('text');
    if (key) this.#life()?.handOver(key, 'text');
  }

  pick(detail: unknown): void {
    this.#session()?.reading.pick(detail);
  }

  /** The person answered a stall choice. */
  choose(choice: StallAnswer): void {
    this.#session()?.reading.choose(choice);
  }

  /** The person cancelled the pending draw from the picker. */
  cancelPick(): void {
    this.#session()?.reading.cancelPick();
  }

  cardShown(cardId: string): void {
    this.#session()?.reading.cardShown(cardId);
  }

  // ---- the active mode ----

  #activate(reconnected: boolean): void {
    const mode = this.#options.mode();
    if (mode !== this.#active) {
      this.#stop();
      this.#active = mode;
    } else if (!reconnected) {
      return;
    }
    if (this.#connected) void this.#start();
  }

  #start(): Promise<boolean> {
    const pending = this.#startRun(++this.#run).finally(() => {
      if (this.#pending === pending) this.#pending = undefined;
    });
    this.#pending = pending;
    return pending;
  }

  async #startRun(run: number): Promise<boolean> {
    this.#setLoadFailed(false);
    const mode = this.#active;
    if (mode === 'choose') return false;
    try {
      const session = await this.#sessionOf(mode);
      return run === this.#run && (await (session.voice ?? session.reading).start());
    } catch {
      // Only the code's loading can throw here: a session reports its own failures in its store.
      if (run === this.#run) this.#setLoadFailed(true);
      return false;
    }
  }

  #stop(): void {
    this.#costCap.stop();
    this.#run += 1;
    this.#pending = undefined;
    this.#life()?.end('leave');
  }

  #onPageHide = (): void => {
    this.#stop();
  };

  #setLoadFailed(failed: boolean): void {
    if (this.#loadFailed === failed) return;
    this.#loadFailed = failed;
    if (failed) this.#options.onLoadFailed?.();
    this.#host.requestUpdate();
  }

  #connect = async (request: ConnectRequest): Promise<ReadingToken> => {
    const { requestReadingToken } = await import('../session/token.ts');
    const grant = await requestReadingToken({
      ...request,
      apiBase: this.#options.apiBase(),
      turnstileToken: this.#options.turnstileToken?.(),
      // the reading's strings: the host's, over the session's own in the reading's language
      strings: this.#sessions.get(request.mode)?.reading.strings,
    });
    this.#costCap.connected(grant.maxSessionMinutes);
    return grant;
  };

  /** `mode`'s session: made the first time, with the host's stores, announcer and token source. */
  async #sessionOf(mode: Modality): Promise<ModeSession> {
    const made = this.#sessions.get(mode);
    if (made) return made;
    const [{ createReadingSession }] = await Promise.all([
      SESSION_MODULES[mode](),
      this.#options.loadView(mode),
    ]);
    const loaded = this.#sessions.get(mode);
    if (loaded) return loaded;
    // Read now, with the code in: a host that starts in a mode as it connects knows its language
    // only once its locale controller has looked, after this controller's own start.
    const session = createReadingSession({
      store: this.#options.stores[mode],
      announcer: this.#options.announcer,
      connect: this.#connect,
      persistKey: this.#options.persistKey?.(mode),
      lang: this.#options.lang?.(),
      strings: this.#options.strings,
      micAllowed: this.#options.micAllowed,
      onMicDeclined: this.#options.onMicDeclined,
    });
    session.voice?.$notice.listen((notice) => {
      this.#notice = notice;
      this.#host.requestUpdate();
    });
    this.#sessions.set(mode, session);
    // what it says before it opens (no voice here, a blocked microphone) is in its language too
    await session.reading.locale.load();
    return session;
  }
}
