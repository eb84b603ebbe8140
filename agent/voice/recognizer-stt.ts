/**
 * BMO's ears offline: the local speech recognizer (`recognizer/server.py`, OpenAI's
 * `/v1/audio/transcriptions` on loopback) as the session's STT, through LiveKit's own OpenAI STT
 * plugin pointed at it (`baseURL` and the recognizer's key), so the request is the one the plugin
 * sends OpenAI. It is a batch recognizer (`streaming: false`): `AgentSession` wraps it in its own
 * `StreamAdapter` with the session's VAD, which hands it each stretch of speech once it ends.
 *
 * What this adds to the plugin: BMO's vocabulary as the prompt, a time limit per turn, no call for
 * a turn with too little sound to hold a word, and no exception ever. A turn the recognizer could
 * not transcribe (not running, busy, too slow, a refusal) comes back with no words, as silence
 * does, and `onTurn` says which it was, so the job can have BMO say so: the SDK's adapter would
 * only log an exception, and the visitor would hear nothing.
 */
import { type AudioBuffer, normalizeLanguage, stt } from '@livekit/agents';
import { AudioFrame } from '@livekit/rtc-node';
import * as openai from '@livekit/agents-plugin-openai';

/**
 * Why a turn has no words: too little sound in it to hold one (the recognizer is not asked), the
 * recognizer heard none, or it could not be asked.
 */
export type UnheardReason =
  'too_short' | 'nothing_heard' | 'unavailable' | 'timeout' | 'busy' | 'refused';

/**
 * A turn with less sound than this holds no word (a click, a beep, a breath): it is not sent to the
 * recognizer, which every session on the machine shares, one turn at a time. Half the sound of the
 * shortest word said briskly ("Hi" at 200 words a minute holds 300 ms), so a quiet one still goes.
 */
export const MIN_VOICED_MS = 150;

/**
 * One turn as the recognizer took it, never its words (they stay in the session): how long its
 * audio was (the VAD's lead-in and trailing silence included), how much of it carried sound, and
 * how long the recognizer took.
 */
export type HeardTurn = { audioMs: number; voicedMs: number; ms: number } & (
  { heard: true; words: number } | { heard: false; reason: UnheardReason }
);

export interface RecognizerSTTOptions {
  /** The API's base, e.g. `http://127.0.0.1:8791/v1`. */
  url: string;
  key: string;
  /** The words the recognizer should expect (OpenAI's `prompt`): BMO's vocabulary. */
  prompt: string;
  /** How long one turn may take, the recognizer's queue included (default 15 s). */
  timeoutMs?: number;
  /** Told of every turn, heard or not. */
  onTurn?: (turn: HeardTurn) => void;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** What the OpenAI client's errors carry: an HTTP status, or a name for no answer. */
function unheardReason(error: unknown, timedOut: boolean): UnheardReason {
  if (timedOut) return 'timeout';
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (status === 503 || status === 429) return 'busy';
  if (typeof status === 'number') return 'refused';
  return 'unavailable';
}

/** The turn's audio in one frame whose buffer holds exactly its samples. */
function oneFrame(buffer: AudioBuffer): AudioFrame {
  const frames = Array.isArray(buffer) ? buffer : [buffer];
  const first = frames[0];
  if (!first) throw new TypeError('no audio in the turn');
  const samples = new Int16Array(frames.reduce((sum, frame) => sum + frame.data.length, 0));
  let at = 0;
  for (const frame of frames) {
    samples.set(frame.data, at);
    at += frame.data.length;
  }
  return new AudioFrame(samples, first.sampleRate, first.channels, samples.length / first.channels);
}

function audioMs(frame: AudioFrame): number {
  return Math.round((frame.samplesPerChannel / frame.sampleRate) * 1000);
}

/** A 20 ms stretch louder than this (RMS, about -45 dBFS) carries sound. */
const SOUND_RMS = 180;

/** How much of the turn carried sound, in 20 ms stretches. */
function voicedMs(frame: AudioFrame): number {
  const window = Math.max(1, Math.round(frame.sampleRate / 50) * frame.channels);
  let voiced = 0;
  for (let at = 0; at + window <= frame.data.length; at += window) {
    let sum = 0;
    for (let i = at; i < at + window; i += 1) sum += (frame.data[i] ?? 0) ** 2;
    if (Math.sqrt(sum / window) > SOUND_RMS) voiced += 20;
  }
  return voiced;
}

export class RecognizerSTT extends stt.STT {
  label = 'bmo.RecognizerSTT';
  readonly #plugin: openai.STT;
  readonly #timeoutMs: number;
  readonly #onTurn: ((turn: HeardTurn) => void) | undefined;

  constructor(options: RecognizerSTTOptions) {
    super({ streaming: false, interimResults: false });
    this.#plugin = new openai.STT({
      useRealtime: false,
      model: 'whisper-1',
      baseURL: options.url,
      apiKey: options.key,
      language: 'en',
      prompt: options.prompt,
    });
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#onTurn = options.onTurn;
  }

  override get model(): string {
    return this.#plugin.model;
  }

  override get provider(): string {
    return 'local-recognizer';
  }

  stream(): stt.SpeechStream {
    throw new Error(
      'the recognizer hears a turn at a time: AgentSession wraps it in StreamAdapter',
    );
  }

  protected async _recognize(buffer: AudioBuffer, abortSignal?: AbortSignal) {
    const started = performance.now();
    const frame = oneFrame(buffer);
    const voiced = voicedMs(frame);
    const took = () => ({
      audioMs: audioMs(frame),
      voicedMs: voiced,
      ms: Math.round(performance.now() - started),
    });
    if (voiced < MIN_VOICED_MS) {
      this.#onTurn?.({ heard: false, reason: 'too_short', ...took() });
      return nothingHeard();
    }
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = abortSignal ? AbortSignal.any([abortSignal, timeout]) : timeout;
    try {
      const event = await this.#plugin._recognize(frame, signal);
      const words = (event.alternatives?.[0]?.text ?? '').trim().split(/\s+/).filter(Boolean);
      this.#onTurn?.(
        words.length > 0
          ? { heard: true, words: words.length, ...took() }
          : { heard: false, reason: 'nothing_heard', ...took() },
      );
      return event;
    } catch (error) {
      // the session's own abort (an interruption, the end) is no failure of the recognizer
      if (!abortSignal?.aborted) {
        this.#onTurn?.({ heard: false, reason: unheardReason(error, timeout.aborted), ...took() });
      }
      return nothingHeard();
    }
  }
}

function nothingHeard(): stt.SpeechEvent {
  return {
    type: stt.SpeechEventType.FINAL_TRANSCRIPT,
    alternatives: [
      { text: '', language: normalizeLanguage('en'), startTime: 0, endTime: 0, confidence: 0 },
    ],
  };
}
