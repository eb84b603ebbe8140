/**
 * A call's microphone, as the reader hears it: the page's track fills the reader's input buffer
 * the way OpenAI's does over WebRTC, and is measured for sound (tests read when it carried some).
 *
 * - The buffer fills at the session's 24 kHz from a turn's first voiced frame (energy over
 *   −50 dBFS), with the 300 ms before it so the first sound is whole, to the turn's commit or
 *   clear, pauses included, so the recognizer hears whole words and their gaps.
 * - A commit waits until the microphone has been quiet for 150 ms (500 ms at most): the page lets
 *   go of the button and commits at once, while its last word may still be on its way through the
 *   jitter buffer, and a word cut off is a word misheard. What the page sends meanwhile waits
 *   behind it, in order.
 */
import type { RTCAudioData } from '@roamhq/wrtc/types/nonstandard';
import { TRACK_RATE, firstChannel, isVoiced, resample } from './audio.ts';

/** When the microphone carried sound: spans of voiced frames, epoch ms. */
export interface SoundSpan {
  from: number;
  to: number;
}

export interface Sound {
  heardFrames: number;
  voicedFrames: number;
  spans: SoundSpan[];
}

export interface MicrophoneOptions {
  /** One of the page's events, or an append of the microphone's audio, for the reader. */
  toReader(text: string): void;
}

/** Voiced frames closer than this belong to one span. */
const SPAN_GAP_MS = 200;
/** The input buffer's rate: the session's `audio/pcm` at 24 kHz, as the SDK declares it. */
const INPUT_RATE = 24_000;
const PRE_ROLL_FRAMES = 30;
const TAIL_QUIET_MS = 150;
const TAIL_MAX_MS = 500;

export class Microphone {
  readonly #options: MicrophoneOptions;
  #spans: SoundSpan[] = [];
  #frames = { heard: 0, voiced: 0 };
  /** The turn being said: whether a voiced frame opened it, and the frames just before one. */
  #turn = { open: false, preRoll: [] as Int16Array[] };
  #lastVoiced = 0;
  /** The page's events held behind a commit until the turn's last sound has arrived. */
  #tail: { events: string[]; timer: ReturnType<typeof setTimeout> } | undefined;

  constructor(options: MicrophoneOptions) {
    this.#options = options;
  }

  /** What the microphone carried so far. */
  get sound(): Sound {
    return {
      heardFrames: this.#frames.heard,
      voicedFrames: this.#frames.voiced,
      spans: this.#spans.map((span) => ({ ...span })),
    };
  }

  /** One of the page's events for the reader (a commit may wait for the turn's last sound). */
  fromPage(text: string): void {
    if (this.#tail) {
      this.#tail.events.push(text);
      return;
    }
    if (text.includes('input_audio_buffer.commit') && this.#turn.open) {
      this.#tail = { events: [text], timer: setTimeout(() => this.#endTail(), TAIL_MAX_MS) };
      this.#endTailIfQuiet();
      return;
    }
    this.#toReader(text);
  }

  /** A 10 ms frame of the page's track. */
  heard(data: RTCAudioData): void {
    this.#frames.heard += 1;
    const samples = firstChannel(data.samples, data.channelCount ?? 1);
    const input = resample({ samples, rate: data.sampleRate ?? TRACK_RATE }, INPUT_RATE);
    const turn = this.#turn;
    if (!isVoiced(samples)) {
      if (turn.open) this.#append(input);
      else {
        turn.preRoll.push(input);
        if (turn.preRoll.length > PRE_ROLL_FRAMES) turn.preRoll.shift();
      }
      this.#endTailIfQuiet();
      return;
    }
    this.#frames.voiced += 1;
    const now = Date.now();
    this.#lastVoiced = now;
    const last = this.#spans.at(-1);
    if (last && now - last.to <= SPAN_GAP_MS) last.to = now;
    else this.#spans.push({ from: now, to: now });
    if (!turn.open) {
      turn.open = true;
      for (const before of turn.preRoll.splice(0)) this.#append(before);
    }
    this.#append(input);
  }

  close(): void {
    clearTimeout(this.#tail?.timer);
    this.#tail = undefined;
  }

  #toReader(text: string): void {
    // A commit or a clear ends the turn being said: the buffer fills again from the next voice.
    if (text.includes('input_audio_buffer.c')) this.#turn = { open: false, preRoll: [] };
    this.#options.toReader(text);
  }

  #endTailIfQuiet(): void {
    if (this.#tail && Date.now() - this.#lastVoiced >= TAIL_QUIET_MS) this.#endTail();
  }

  /** The turn's last sound is in: the commit, then what the page sent after it. */
  #endTail(): void {
    const tail = this.#tail;
    if (!tail) return;
    this.#tail = undefined;
    clearTimeout(tail.timer);
    const [commit, ...after] = tail.events;
    if (commit !== undefined) this.#toReader(commit);
    for (const text of after) this.fromPage(text);
  }

  /** Appends a frame to the reader's input buffer, as OpenAI's buffer fills from the track. */
  #append(pcm16: Int16Array): void {
    const pcm = Buffer.from(pcm16.buffer, pcm16.byteOffset, pcm16.byteLength);
    this.#options.toReader(
      JSON.stringify({ type: 'input_audio_buffer.append', audio: pcm.toString('base64') }),
    );
  }
}
