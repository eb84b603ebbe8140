import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SupportedLang } from '../../../contracts/locale.ts';
import type { VoiceEngine } from '../../../contracts/voice.ts';
import type { ConnectRequest, ReadingConnection } from '../agents/connection.ts';
import type { Modality } from '../agents/context.ts';
import type { ReadingController } from '../agents/reading-controller.ts';
import type { VoiceReadingController } from '../agents/voice-session.ts';
import { missingVoiceApis } from '../agents/voice-support.ts';
import type { Announcer } from '../../stores/announcer.ts';
import { ReadingCostCap } from './reading-cost-cap.ts';
import type { ReadingStore } from '../../stores/reading.ts';

/** What a `<tarot-reading>` shows: the mode selection, or a reading by text or by voice. */
export type ReadingMode = 'choose' | Modality;

export interface ReadingSessionsOptions {
  /** The mode the host shows now. */
  mode: () => ReadingMode;
  /** The host's checked language (its locale controller's), read when a mode's session is made. */
  lang?: () => SupportedLang;
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
  /** The key its reading in `mode` is kept under across a reload (see `persistKeyOf`). */
  persistKey?: (mode: 'text' | 'voice') => string | undefined;
  /** Whether the microphone may open (the visitor's consent); asked before each voice start. */
  micAllowed?: () => Promise<boolean>;
  /** The visitor declined the microphone: the voice reading does not start. */
  onMicDeclined?: () => void;
  /**
   * Loads a mode's view (`<tarot-reading-text>` or `<tarot-reading-voice>`) beside its session
   * controller: the host element loads its own views, so this controller never imports one.
   */
  loadView: (mode: Modality) => Promise<unknown>;
}

/**
 * The sessionStorage key of a `<tarot-reading>`'s reading in one mode, stable across a reload:
 * `tarot-reading:<id>:<mode>` when the element has an id, else
 * `tarot-reading:label:<label>:<mode>` when it has a label, else `tarot-reading:<n>:<mode>`, n its
 * place among the page's `<tarot-reading>` elements in document order.
 */
export function persistKeyOf(element: HTMLElement & { label?: string }, mode: string): string {
  if (element.id) return `tarot-reading:${element.id}:${mode}`;
  if (element.label) return `tarot-reading:label:${element.label}:${mode}`;
  const all: Element[] = [...element.ownerDocument.querySelectorAll('tarot-reading')];
  return `tarot-reading:${Math.max(0, all.indexOf(element))}:${mode}`;
}

/** Whether this browser has what a voice reading needs (WebRTC and the microphone API). */
export function voiceSupported(): boolean {
  return missingVoiceApis().length === 0;
}

/** What a reading shows when its code could not be loaded. */
export const LOAD_FAILED_MESSAGE =
  'The reading could not be loaded. Check your connection and reload the page.';

/** The text mode's session controller and view, loaded the first time the mode is chosen. */
function loadText(loadView: ReadingSessionsOptions['loadView']) {
  return Promise.all([import('../agents/reading-controller.ts'), loadView('text')]).then(
    ([controller]) => controller,
  );
}

/** The voice mode's session controller and view, loaded the first time the mode is chosen. */
function loadVoice(loadView: ReadingSessionsOptions['loadView']) {
  return Promise.all([import('../agents/voice-session.ts'), loadView('voice')]).then(
    ([controller]) => controller,
  );
}

/**
 * The sessions behind a `<tarot-reading>`, owned by it: a reading session controller for text and a voice
 * session controller for voice, each loaded (with its view) and made when its mode is first
 * chosen, then kept. Only the host's active mode runs: its session starts when the mode becomes
 * active (or the host is connected again) and ends when another mode takes over, when the host
 * leaves the document, or when the page is hidden (`pagehide`). In the mode selection it asks the
 * edge which engine reads there. The Realtime SDK loads only when a session starts.
 *
 * The controllers write the host's own stores and speak through its own announcer (both given
 * in the options), so two readings on one page never share a thing.
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
  #text: ReadingController | undefined;
  #voice: VoiceReadingController | undefined;
  #notice = '';
  #loadFailed = false;
  #reader: VoiceEngine | null = null;
  #readerFrom: string | null = null;
  /** The start under way, if any: what `start()` waits for instead of starting twice. */
  #pending: Promise<boolean> | undefined;

  constructor(host: ReactiveControllerHost, options: ReadingSessionsOptions) {
    this.#host = host;
    this.#options = options;
    this.#costCap = new ReadingCostCap({
      key: () => `${options.instanceKey?.() ?? 'reading'}:${this.#active}`,
      announcer: options.announcer,
      end: () => this.#endActive(),
    });
    host.addController(this);
  }

  /** The reading's cost cap (the edge's `maxSessionMinutes`), counted across reconnects. */
  readonly #costCap: ReadingCostCap;

  /** The engine behind readings on the edge, from its health check; null until known. */
  get reader(): VoiceEngine | null {
    return this.#reader;
  }

  /** The voice session's short hint (a hold too short, a microphone hiccup); '' for none. */
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

  // ---- from the host page: start(), end(), send() ----

  /**
   * Starts the active mode's session unless one is open or opening; resolves with whether it
   * connected. False in the mode selection.
   */
  start(): Promise<boolean> {
    if (this.#pending) return this.#pending;
    if (this.#reading()?.active) return Promise.resolve(true);
    if (this.#active === 'choose' || !this.#connected) return Promise.resolve(false);
    return this.#start();
  }

  /** Ends the active mode's session, as "End reading" does. */
  end(): void {
    this.#costCap.reset();
    this.#endActive();
  }

  #endActive(): void {
    if (this.#active === 'text') this.#text?.end('user');
    else if (this.#active === 'voice') this.#voice?.end('user');
  }

  /** Sends a typed message into the active session; false when none is open. */
  sendMessage(text: string): boolean {
    return this.#reading()?.sendMessage(text) ?? false;
  }

  /** The active mode's reading session controller, once made. */
  #reading(): ReadingController | undefined {
    if (this.#active === 'text') return this.#text;
    if (this.#active === 'voice') return this.#voice?.reading;
    return undefined;
  }

  // ---- from the text view ----

  send(text: string): void {
    if (this.#active === 'text') this.#text?.sendMessage(text);
  }

  /** "End reading". */
  endText(): void {
    this.#costCap.reset();
    if (this.#active === 'text') this.#text?.end('user');
  }

  /** "Start a new reading" or "Try again". */
  restartText(): void {
    if (this.#active !== 'text' || !this.#text) return;
    this.#costCap.reset();
    this.#text.end('user');
    void this.#text.start();
  }

  // ---- from the voice view ----

  talkStart(): void {
    if (this.#active === 'voice') this.#voice?.press();
  }

  talkEnd(released: boolean): void {
    if (this.#active !== 'voice' || !this.#voice) return;
    if (released) this.#voice.release();
    else this.#voice.cancelTalk();
  }

  /** "Retry", "Try again" or "Start a new reading". */
  retryVoice(): void {
    if (this.#active === 'voice') void this.#voice?.retry();
  }

  /**
   * "Switch to text" from a voice reading under way (the stall choice): the voice session ends and
   * its reading, kept across a reload, moves to the text mode's key, so the text reading that
   * starts next goes on from there (question, spread, cards, transcript) instead of afresh. A
   * voice reading that never connected (an error's way out to text) is left as it is.
   */
  handVoiceToText(): void {
    const key = this.#options.persistKey?.('text');
    if (this.#active !== 'voice' || !this.#voice?.reading.active || !key) return;
    this.#voice.end('leave');
    this.#voice.reading.handOver(key, 'text');
  }

  // ---- from either: the picker and the stage ----

  pick(detail: unknown): void {
    if (this.#active === 'text') this.#text?.pick(detail);
    else if (this.#active === 'voice') this.#voice?.pick(detail);
  }

  /** The person answered a stall choice in the voice reading. */
  choose(choice: 'continue' | 'draw-again'): void {
    if (this.#active === 'voice') this.#voice?.choose(choice);
  }

  /** The person cancelled the pending draw from the picker. */
  cancelPick(): void {
    if (this.#active === 'text') this.#text?.cancelPick();
    else if (this.#active === 'voice') this.#voice?.cancelPick();
  }

  cardShown(cardId: string): void {
    if (this.#active === 'text') this.#text?.cardShown(cardId);
    else if (this.#active === 'voice') this.#voice?.cardShown(cardId);
  }

  // ---- the active mode ----

  #activate(reconnected: boolean): void {
    const mode = this.#options.mode();
    if (mode !== this.#active) {
      this.#stop();
      this.#active = mode;
    } else if (!reconnected) {
      // The mode stays; a new api-base in the mode selection asks the new edge about its reader.
      if (mode === 'choose' && this.#connected) void this.#loadReader();
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
    if (this.#active === 'choose') {
      await this.#loadReader();
      return false;
    }
    try {
      if (this.#active === 'text') {
        const text = await this.#textSession();
        return run === this.#run && (await text.start());
      }
      const voice = await this.#voiceSession();
      if (run !== this.#run || !voice.checkSupport()) return false;
      if (!(await (this.#options.micAllowed?.() ?? true))) {
        if (run === this.#run) this.#options.onMicDeclined?.();
        return false;
      }
      return run === this.#run && (await voice.start());
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
    if (this.#active === 'text') this.#text?.end('leave');
    else if (this.#active === 'voice') this.#voice?.end('leave');
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

  #connect = async (request: ConnectRequest): Promise<ReadingConnection> => {
    const { requestReadingToken } = await import('../agents/connection.ts');
    const connection = await requestReadingToken({
      ...request,
      apiBase: this.#options.apiBase(),
      turnstileToken: this.#options.turnstileToken?.(),
    });
    this.#costCap.connected(connection.maxSessionMinutes);
    return connection;
  };

  async #textSession(): Promise<ReadingController> {
    if (this.#text) return this.#text;
    const { ReadingController } = await loadText(this.#options.loadView);
    this.#text ??= new ReadingController({
      store: this.#options.stores.text,
      announcer: this.#options.announcer,
      mode: 'text',
      lang: this.#options.lang?.(),
      connect: this.#connect,
      persistKey: this.#options.persistKey?.('text'),
    });
    return this.#text;
  }

  async #voiceSession(): Promise<VoiceReadingController> {
    if (this.#voice) return this.#voice;
    const { VoiceReadingController } = await loadVoice(this.#options.loadView);
    if (this.#voice) return this.#voice;
    const lang = this.#options.lang?.();
    const voice = new VoiceReadingController({
      store: this.#options.stores.voice,
      announcer: this.#options.announcer,
      reading: { connect: this.#connect, persistKey: this.#options.persistKey?.('voice'), lang },
    });
    voice.$notice.listen((notice) => {
      this.#notice = notice;
      this.#host.requestUpdate();
    });
    this.#voice = voice;
    return voice;
  }

  async #loadReader(): Promise<void> {
    const apiBase = this.#options.apiBase();
    if (this.#readerFrom === apiBase) return;
    this.#readerFrom = apiBase;
    // The edge client checks the answer with the contract's schemas: it loads here, after the
    // choice has rendered, rather than with the element.
    let reader: VoiceEngine | null = null;
    try {
      const { requestReaderEngine } = await import('../agents/edge-api.ts');
      // Removed while the code loaded: ask again if it comes back. Asked about another edge: the
      // newer question answers.
      if (!this.#connected) {
        if (this.#readerFrom === apiBase) this.#readerFrom = null;
        return;
      }
      if (this.#readerFrom !== apiBase) return;
      reader = await requestReaderEngine({ apiBase });
    } catch {
      // The code did not load: the choice shows no engine note, as when the edge is unreachable.
    }
    if (this.#readerFrom !== apiBase) return;
    this.#reader = reader;
    this.#host.requestUpdate();
  }
}
