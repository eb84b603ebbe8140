/**
 * The voice reading's session: a `RealtimeReading` in voice mode (`reading`), and what only a
 * spoken reading adds around it — the browser check, the visitor's consent, the microphone,
 * push-to-talk, the reader's audio, and the announcements a screen-reader user hears instead of
 * seeing the stage. It opens and ends its reading; everything else goes to the reading itself.
 *
 *   const voice = new VoiceReadingSession({ store, announcer });   // its owner's
 *   await voice.start();   // browser check → consent → microphone → token → SDK → connect
 *   voice.press(); voice.release();                  // from <voice-speaker-button>
 *   voice.reading.pick(detail);                      // from the picker (and the stage, cardShown)
 *   voice.end('leave');                              // disconnects, stops audio both ways
 *
 * A call through the edge (`callUrl`: OpenAI, or the local WebRTC reader) runs over WebRTC with
 * the microphone stream this session opened (muted until a press) and an <audio> element it can
 * silence; otherwise, and where WebRTC cannot connect, the WebSocket its token names (the offline
 * reader, or the relay) carries it, push-to-talk streaming PCM16 captured from the same stream.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { SessionLog } from '../../events/index.ts';
import { type Announcer, createAnnouncer } from '../../stores/announcer.ts';
import type { RealtimeSessionConfig } from '@openai/agents-realtime';
import { type ReadingStore, createReadingStore } from '../../stores/reading.ts';
import {
  type AudioCapture,
  type AudioPath,
  PushToTalk,
  type ReleaseOutcome,
} from '../../voice/audio/push-to-talk.ts';
import {
  type MicrophoneStream,
  Pcm16Capture,
  browserGetUserMedia,
  closeMicrophone,
  openMicrophone,
} from '../../voice/audio/microphone.ts';
import type { ReadingToken } from './token.ts';
import { pagePlayback } from '../../voice/audio/playback.ts';
import {
  type ProblemTarget,
  microphoneFailed,
  pushToTalkFailed,
  showProblem,
} from './voice-problems.ts';
import {
  RealtimeReading,
  type RealtimeReadingOptions,
  type TransportChoice,
} from './realtime-reading.ts';
import { defaultTransport } from './reading-options.ts';
import { type VoiceApi, missingVoiceApis } from './voice-support.ts';
import type { Modality } from '../agents/context.ts';
import { READING_EN } from '../i18n/session-en.ts';

type Sdk = typeof import('@openai/agents-realtime');

/** The spec's words for a browser without WebRTC or the microphone API. */
export const UNSUPPORTED_MESSAGE = READING_EN.noVoiceSupport;

export const TOO_SHORT_NOTICE = READING_EN.holdWhileSpeaking;

export { type VoiceApi, missingVoiceApis } from './voice-support.ts';

/**
 * The session config for push-to-talk: the caller's config with turn detection off
 * (`audio.input.turnDetection: null`), which the SDK keeps across handoffs.
 */
export function pushToTalkConfig(
  config: Partial<RealtimeSessionConfig> = {},
): Partial<RealtimeSessionConfig> {
  const audio = 'audio' in config ? config.audio : undefined;
  return { ...config, audio: { ...audio, input: { ...audio?.input, turnDetection: null } } };
}

/** Whether the stream is a browser MediaStream (a test's stand-in is not). */
export function isMediaStream(stream: MicrophoneStream | undefined): stream is MediaStream {
  return typeof MediaStream === 'function' && stream instanceof MediaStream;
}

/**
 * Silences (or gives back) the reader's voice as the page plays it over WebRTC: a disabled remote
 * track plays silence. `output_audio_buffer.clear` stops the reader sending, but what is already
 * on its way and in the browser's jitter buffer still plays: a tenth of a second or more, longer
 * on a busy machine or a bad network. A transport without a peer connection (the WebSocket) is
 * left alone: the SDK cuts that playback itself.
 */
export function silenceReader(transport: unknown, silent: boolean): void {
  const state =
    typeof transport === 'object' && transport !== null && 'connectionState' in transport
      ? transport.connectionState
      : undefined;
  const peer =
    typeof state === 'object' && state !== null && 'peerConnection' in state
      ? (state.peerConnection as RTCPeerConnection | undefined)
      : undefined;
  for (const receiver of peer?.getReceivers() ?? []) {
    if (receiver.track?.kind === 'audio') receiver.track.enabled = !silent;
  }
}

/** A capture the session can also release. */
export type ClosableCapture = AudioCapture & { close(): void };

export interface VoiceReadingOptions {
  /** The store it writes: the owning element's. Default: one of its own. */
  store?: ReadingStore;
  /** Where it speaks to screen readers: the owning element's announcer. Default: its own. */
  announcer?: Announcer;
  /** Passed to its `RealtimeReading` (connect, loadSdk, createTransport, timeouts, …). */
  reading?: Omit<RealtimeReadingOptions, 'store' | 'mode' | 'announcer'>;
  /** Which required APIs are missing; default `missingVoiceApis()`. */
  missingApis?: () => VoiceApi[];
  /** Asks for the microphone; default `navigator.mediaDevices.getUserMedia`. */
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MicrophoneStream>;
  /** Makes the WebSocket path's PCM16 capture; default a `Pcm16Capture` of the stream. */
  createCapture?: (stream: MicrophoneStream) => ClosableCapture;
  /** How the session carries audio; default from the transport the session chose. */
  audioPath?: () => AudioPath;
  /** Holds shorter than this send nothing; default 250 ms. */
  minHoldMs?: number;
  /** Whether the microphone may open (the visitor's consent), asked before each start. */
  micAllowed?: (() => Promise<boolean>) | undefined;
  /** The visitor declined the microphone: the reading does not start. */
  onMicDeclined?: (() => void) | undefined;
}

export class VoiceReadingSession {
  readonly store: ReadingStore;
  readonly announcer: Announcer;
  readonly reading: RealtimeReading;
  readonly #notice = atom('');
  #options: VoiceReadingOptions;
  #stream: MicrophoneStream | undefined;
  #capture: ClosableCapture | undefined;
  #audio: HTMLAudioElement | undefined;
  #ptt: PushToTalk;
  #unwatch: (() => void)[] = [];
  #generation = 0;

  constructor(options: VoiceReadingOptions = {}) {
    this.#options = options;
    this.store = options.store ?? createReadingStore();
    this.announcer = options.announcer ?? createAnnouncer();
    const reading = options.reading ?? {};
    this.reading = new RealtimeReading({
      ...reading,
      store: this.store,
      announcer: this.announcer,
      mode: 'voice',
      createTransport: reading.createTransport ?? ((c, sdk) => this.#createTransport(c, sdk)),
      // Push-to-talk: the person says when a turn ends, so the server must not guess it.
      sessionConfig: pushToTalkConfig(reading.sessionConfig),
      // What the reader says about itself (no speech voice here: tones) is shown and heard.
      onNotice: (notice) => {
        reading.onNotice?.(notice);
        this.#notice.set(notice);
        this.announcer.announce(notice);
      },
    });
    this.#ptt = new PushToTalk({
      session: () => this.reading.session,
      path:
        options.audioPath ?? (() => (this.reading.transport === 'webrtc' ? 'webrtc' : 'websocket')),
      capture: {
        start: (send) => this.#ensureCapture().start(send),
        stop: () => this.#capture?.stop(),
      },
      isSpeaking: () => this.store.$audio.get().speaking,
      // Cut at once, not after the tail already on its way (silenceReader); #watch gives it back.
      onInterrupt: () => {
        silenceReader(this.reading.session?.transport, true);
        this.store.setAudio({ speaking: false });
      },
      ...(options.minHoldMs === undefined ? {} : { minHoldMs: options.minHoldMs }),
      onListening: (listening) => this.store.setAudio({ listening }),
      onTooShort: () => {
        this.#notice.set(this.reading.strings.holdWhileSpeaking);
        this.announcer.announce(this.reading.strings.holdWhileSpeaking);
      },
      onError: (error, stage) => {
        const message = pushToTalkFailed(this.reading, error, stage);
        this.#notice.set(message);
        this.announcer.announce(message, { assertive: true });
      },
    });
  }

  /** A short hint for the person (a hold too short, a microphone hiccup); '' for none. */
  get $notice(): ReadableAtom<string> {
    return this.#notice;
  }

  /** Whether the button is held. */
  get holding(): boolean {
    return this.#ptt.holding;
  }

  /**
   * Checks for WebRTC and the microphone API. Without them the store holds the unsupported error,
   * screen readers hear it, and the missing APIs are logged. Returns whether voice can work here.
   */
  checkSupport(): boolean {
    const missing = (this.#options.missingApis ?? missingVoiceApis)();
    if (missing.length === 0) return true;
    showProblem(
      this.#problems(),
      'unsupported',
      this.reading.strings.noVoiceSupport,
      `Voice reading unavailable: this browser lacks ${missing.join(' and ')}.`,
    );
    this.announcer.announce(this.reading.strings.noVoiceSupportSay, {
      assertive: true,
    });
    return false;
  }

  /**
   * Starts a voice reading once the browser can and the visitor lets the microphone open: the
   * microphone (asked for once and kept for retries), then a fresh token and session. Resolves
   * with whether the session connected; on failure the store says why.
   */
  async start(): Promise<boolean> {
    if (this.reading.active) return true;
    if (!this.checkSupport()) return false;
    const generation = ++this.#generation;
    if (!(await (this.#options.micAllowed?.() ?? true))) {
      if (generation === this.#generation) this.#options.onMicDeclined?.();
      return false;
    }
    if (generation !== this.#generation) return false;
    return this.#open(generation);
  }

  /** The microphone, then the session, for the start that `generation` counts. */
  async #open(generation: number): Promise<boolean> {
    this.#notice.set('');
    if (!this.#stream) {
      this.store.reset();
      this.store.setConnection('connecting');
      // While the browser opens the microphone (or asks the person), fetch the SDK and the agents
      // the session will need, so the two waits overlap. No token is asked for until the
      // microphone is ours.
      void (this.#options.reading?.loadSdk ?? (() => import('@openai/agents-realtime')))().catch(
        () => undefined,
      );
      void import('../agents/index.ts').catch(() => undefined);
      try {
        const stream = await openMicrophone(this.#options.getUserMedia ?? browserGetUserMedia);
        if (generation !== this.#generation) {
          closeMicrophone(stream);
          return false;
        }
        this.#stream = stream;
      } catch (error) {
        if (generation === this.#generation) microphoneFailed(this.#problems(), error);
        return false;
      }
    }
    this.#watch();
    const connected = await this.reading.start();
    if (!connected || generation !== this.#generation) return false;
    // Connected, the reader's track is on the element: where an autoplay policy holds it back
    // (Chromium then starts no load, so no media event says so), the page offers "Start audio".
    if (this.#audio) pagePlayback.watchElement(this.#audio);
    this.#ptt.prepare();
    return true;
  }

  /** Tries again after a failure, or starts anew: a new session with a freshly minted token. */
  restart(): Promise<boolean> {
    this.#ptt.cancel();
    if (this.reading.active) this.reading.end('user');
    if (this.reading.active) return Promise.resolve(true);
    if (!this.checkSupport()) return Promise.resolve(false);
    return this.#open(++this.#generation);
  }

  /** Hands an open reading to `mode` (Switch to text); one that never connected stays here. */
  handOver(key: string, mode: Modality): boolean {
    if (!this.reading.active) return false;
    this.end('leave');
    return this.reading.handOver(key, mode);
  }

  /** The talk button went down. Returns whether the microphone opened. */
  press(): boolean {
    this.#notice.set('');
    return this.#ptt.press();
  }

  /** The talk button came up: the turn is sent (or, for a tap, nothing is). */
  release(): ReleaseOutcome {
    return this.#ptt.release();
  }

  /** The hold was broken off (focus lost, pointer cancelled): close the microphone, send nothing. */
  cancelTalk(): void {
    this.#ptt.cancel();
  }

  /** Ends the reading: disconnects the session and stops audio capture and playback. */
  end(reason: 'user' | 'leave' = 'user'): void {
    this.#generation += 1;
    this.#ptt.cancel();
    this.reading.end(reason);
    this.#capture?.close();
    this.#capture = undefined;
    closeMicrophone(this.#stream);
    this.#stream = undefined;
    if (this.#audio) {
      pagePlayback.forget(this.#audio);
      this.#audio.pause();
      this.#audio.srcObject = null;
      this.#audio = undefined;
    }
    for (const unwatch of this.#unwatch.splice(0)) unwatch();
    this.#notice.set('');
    // A reading that never connected still shows how it ended (its error stays on screen).
    if (this.store.$connection.get() === 'connecting') this.store.setConnection('disconnected');
  }

  #problems(): ProblemTarget {
    return {
      store: this.store,
      announcer: this.announcer,
      strings: this.reading.strings,
      newLog: () => {
        const id = (this.#options.reading?.newSessionId ?? (() => crypto.randomUUID()))();
        return this.#options.reading?.createLog?.(id) ?? new SessionLog(id);
      },
    };
  }

  #createTransport(grant: ReadingToken, sdk: Sdk): TransportChoice {
    // No call: the WebSocket the token names, as a text reading's (the relay, or the reader).
    if (!grant.callUrl) return defaultTransport(grant, sdk, 'voice');
    this.#audio ??= document.createElement('audio');
    const stream = this.#stream;
    return new sdk.OpenAIRealtimeWebRTC({
      // The call goes through our edge (one call per token, held to the reading's limits).
      baseUrl: grant.callUrl,
      audioElement: this.#audio,
      // The stream opened (muted) for push-to-talk; the SDK opens its own if this is not one.
      ...(isMediaStream(stream) ? { mediaStream: stream } : {}),
    });
  }

  #ensureCapture(): ClosableCapture {
    if (this.#capture) return this.#capture;
    const stream = this.#stream;
    if (!stream) throw new Error('The microphone is not open.');
    const create =
      this.#options.createCapture ??
      ((s: MicrophoneStream): ClosableCapture => {
        if (!isMediaStream(s)) throw new Error('The microphone stream cannot be captured.');
        return new Pcm16Capture(s);
      });
    this.#capture = create(stream);
    return this.#capture;
  }

  /** Says each card show_card puts on the stage; gives back the voice a press silenced. */
  #watch(): void {
    if (this.#unwatch.length > 0) return;
    let last: object | null = null;
    this.#unwatch.push(
      this.store.$audio.listen((audio, before) => {
        if (audio.speaking && !before?.speaking)
          silenceReader(this.reading.session?.transport, false);
      }),
      this.store.$displayed.listen((displayed) => {
        if (!displayed || displayed.status !== 'revealing' || displayed === last) return;
        last = displayed;
        const t = this.reading.strings;
        this.announcer.announce(
          t.showing(t.cardAs(t.cardName(displayed.cardId), displayed.reversed)),
        );
      }),
    );
  }
}

/**
 * The voice mode's session, as `<tarot-reading>`'s host makes it when the mode is first chosen: a
 * `VoiceReadingSession` and its reading.
 */
export function createReadingSession({
  store,
  announcer,
  micAllowed,
  onMicDeclined,
  ...reading
}: Omit<RealtimeReadingOptions, 'mode'> &
  Pick<VoiceReadingOptions, 'micAllowed' | 'onMicDeclined'>): {
  reading: RealtimeReading;
  voice: VoiceReadingSession;
} {
  const voice = new VoiceReadingSession({ store, announcer, reading, micAllowed, onMicDeclined });
  return { reading: voice.reading, voice };
}
