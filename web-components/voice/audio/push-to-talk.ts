/**
 * Push-to-talk over a Realtime session with turn detection off: the sequence of transport calls a
 * press and a release make, apart from any element so it can be tested against a fake session.
 *
 *   press:   input_audio_buffer.clear → interrupt() (then onInterrupt) if the agent is speaking →
 *            open the microphone
 *            (WebRTC: `mute(false)`; WebSocket: capture PCM16 and `sendAudio()` each chunk)
 *   release: input_audio_buffer.commit → response.create (through the SDK's sequencer) → close the
 *            microphone (WebRTC: `mute(true)`; WebSocket: stop capturing)
 *
 * A second press while holding and a release without a press are ignored; a release after the
 * session closed only closes the microphone. A hold too short to carry words (a tap) commits
 * nothing: the buffer is cleared and `onTooShort` says so, since an empty commit is an error on
 * the server.
 */

/** The part of a RealtimeSession that push-to-talk uses (`RealtimeSession` satisfies it). */
export interface PushToTalkSession {
  readonly transport: {
    readonly status: string;
    sendEvent(event: { type: string }): void;
    requestResponse?(): void;
  };
  interrupt(): void;
  mute(muted: boolean): void;
  sendAudio(audio: ArrayBuffer, options?: { commit?: boolean }): void;
}

/** How the microphone reaches the model: a WebRTC track, or PCM chunks over the WebSocket. */
export type AudioPath = 'webrtc' | 'websocket';

/** Captures microphone audio as PCM16 chunks while started (the WebSocket path). */
export interface AudioCapture {
  /** Starts passing chunks to `send`; may finish starting asynchronously. */
  start(send: (chunk: ArrayBuffer) => void): void | Promise<void>;
  /** Stops passing chunks. */
  stop(): void;
}

export type PushToTalkStage = 'press' | 'release' | 'capture';

export interface PushToTalkOptions {
  /** The live session, or undefined when there is none. */
  session: () => PushToTalkSession | undefined;
  /** How the current session carries audio. */
  path: () => AudioPath;
  /** The WebSocket path's capture; without one that path cannot open the microphone. */
  capture?: AudioCapture;
  /** Whether the agent is speaking now (then a press interrupts it). */
  isSpeaking?: () => boolean;
  /** A press interrupted the agent (after `interrupt()`). */
  onInterrupt?: () => void;
  /** Holds shorter than this commit nothing. Default 250 ms. */
  minHoldMs?: number;
  now?: () => number;
  onListening?: (listening: boolean) => void;
  /** A hold was too short (or carried no audio): nothing was sent. */
  onTooShort?: () => void;
  onError?: (error: unknown, stage: PushToTalkStage) => void;
}

/** What a release did. */
export type ReleaseOutcome = 'sent' | 'too-short' | 'ignored';

export const DEFAULT_MIN_HOLD_MS = 250;

export class PushToTalk {
  #options: PushToTalkOptions;
  #holding = false;
  #pressedAt = 0;
  #bytes = 0;
  #turn = 0;
  #path: AudioPath = 'webrtc';

  constructor(options: PushToTalkOptions) {
    this.#options = options;
  }

  /** Whether the button is held (the microphone is open). */
  get holding(): boolean {
    return this.#holding;
  }

  #now(): number {
    return (this.#options.now ?? (() => performance.now()))();
  }

  #live(): PushToTalkSession | undefined {
    const session = this.#options.session();
    return session && session.transport.status === 'connected' ? session : undefined;
  }

  /**
   * Closes the microphone of a session that has just connected, so nothing is heard until the
   * first press (WebRTC opens the track live; the WebSocket path sends nothing until a press).
   */
  prepare(): void {
    const session = this.#live();
    if (!session || this.#options.path() !== 'webrtc') return;
    try {
      session.mute(true);
    } catch (error) {
      this.#options.onError?.(error, 'press');
    }
  }

  /** The person pressed: returns whether the microphone opened. */
  press(): boolean {
    if (this.#holding) return false;
    const session = this.#live();
    if (!session) return false;
    const path = this.#options.path();
    if (path === 'websocket' && !this.#options.capture) {
      this.#options.onError?.(new Error('No microphone capture for the WebSocket path.'), 'press');
      return false;
    }
    this.#holding = true;
    this.#path = path;
    this.#pressedAt = this.#now();
    this.#bytes = 0;
    const turn = ++this.#turn;
    try {
      session.transport.sendEvent({ type: 'input_audio_buffer.clear' });
      if (this.#options.isSpeaking?.()) {
        session.interrupt();
        this.#options.onInterrupt?.();
      }
      if (path === 'webrtc') {
        session.mute(false);
      } else {
        this.#startCapture(session, turn);
      }
    } catch (error) {
      this.#holding = false;
      this.#closeMicrophone(session);
      this.#options.onError?.(error, 'press');
      return false;
    }
    this.#options.onListening?.(true);
    return true;
  }

  #startCapture(session: PushToTalkSession, turn: number): void {
    const capture = this.#options.capture;
    if (!capture) return;
    const send = (chunk: ArrayBuffer): void => {
      // Chunks still in flight after a release (or from an earlier turn) are dropped.
      if (!this.#holding || turn !== this.#turn || chunk.byteLength === 0) return;
      try {
        session.sendAudio(chunk);
        this.#bytes += chunk.byteLength;
      } catch (error) {
        this.#fail(error, 'capture');
      }
    };
    const started = capture.start(send);
    if (started instanceof Promise) {
      started.catch((error: unknown) => {
        if (turn === this.#turn && this.#holding) this.#fail(error, 'capture');
      });
    }
  }

  #fail(error: unknown, stage: PushToTalkStage): void {
    if (!this.#holding) return;
    this.#holding = false;
    this.#options.capture?.stop();
    this.#options.onListening?.(false);
    this.#options.onError?.(error, stage);
  }

  /** The person let go: commits the turn and asks for a response. */
  release(): ReleaseOutcome {
    if (!this.#holding) return 'ignored';
    this.#holding = false;
    const heldMs = this.#now() - this.#pressedAt;
    const session = this.#live();
    this.#options.onListening?.(false);
    if (!session) {
      // The session closed while the button was held: only the microphone is left to close.
      if (this.#path === 'websocket') this.#options.capture?.stop();
      return 'ignored';
    }
    const minHold = this.#options.minHoldMs ?? DEFAULT_MIN_HOLD_MS;
    const noAudio = this.#path === 'websocket' && this.#bytes === 0;
    try {
      if (heldMs < minHold || noAudio) {
        session.transport.sendEvent({ type: 'input_audio_buffer.clear' });
        this.#closeMicrophone(session);
        this.#options.onTooShort?.();
        return 'too-short';
      }
      session.transport.sendEvent({ type: 'input_audio_buffer.commit' });
      if (session.transport.requestResponse) session.transport.requestResponse();
      else session.transport.sendEvent({ type: 'response.create' });
      this.#closeMicrophone(session);
      return 'sent';
    } catch (error) {
      this.#closeMicrophone(session);
      this.#options.onError?.(error, 'release');
      return 'ignored';
    }
  }

  /** Lets go without sending anything, e.g. when the session ends while the button is held. */
  cancel(): void {
    if (!this.#holding) return;
    this.#holding = false;
    this.#turn += 1;
    const session = this.#options.session();
    if (this.#path === 'websocket') this.#options.capture?.stop();
    else if (session) this.#closeMicrophone(session);
    this.#options.onListening?.(false);
  }

  #closeMicrophone(session: PushToTalkSession): void {
    if (this.#path === 'websocket') {
      this.#options.capture?.stop();
      return;
    }
    try {
      session.mute(true);
    } catch {
      // A transport that is already gone has no track left to mute.
    }
  }
}
