/**
 * The reader's words as sound, a sentence at a time: espeak-ng (text on stdin, a WAV on stdout,
 * never the words on a command line), or a short tone per sentence where the host chose tones or
 * espeak-ng is not installed. The choice is explicit (`VoiceChoice`); a sentence espeak-ng fails
 * on (a timeout on a loaded machine, a crash) is a tone, and the next sentence tries espeak-ng
 * again: one failure never silences the rest of the process. Each sentence says why it is a tone,
 * so the call can tell the page once rather than let it hear a silence that looks like a fault.
 *
 * Speaking a sentence at a time also starts the voice sooner: the first sentence plays while the
 * next is made.
 */
import { spawn } from 'node:child_process';
import type { ReaderLang } from './reader-engine.ts';
import { TRACK_RATE, parseWav, resample, tone } from './audio.ts';

/** How the reader speaks: espeak-ng (the binary to run, default `espeak-ng` on PATH), or tones. */
export type VoiceChoice = { kind: 'espeak-ng'; binary?: string } | { kind: 'tones' };

/** One sentence as sound: PCM16 at the track's rate, and why it is a tone when it is one. */
export interface SpokenSentence {
  samples: Int16Array;
  /** Absent: espeak-ng said it. */
  tone?: ToneReason;
}

export type ToneReason = 'chosen' | 'not_installed' | 'failed';

const SYNTH_TIMEOUT_MS = 15_000;
const MAX_SPOKEN_CHARS = 2_000;
const GAP_SAMPLES = TRACK_RATE / 5;

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** espeak-ng's voice for each language the reader reads in. */
const ESPEAK_VOICES: Record<ReaderLang, string> = { en: 'en-us', es: 'es' };

class NotInstalled extends Error {}

function espeak(binary: string, text: string, wpm: number, lang: ReaderLang): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const args = ['--stdout', '--stdin', '-v', ESPEAK_VOICES[lang], '-s', String(wpm)];
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), SYNTH_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A child that dies before reading its words closes stdin under the write: its exit says why.
    child.stdin.on('error', () => undefined);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new NotInstalled(binary) : error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`espeak-ng exited with ${code}`));
    });
    child.stdin.end(text);
  });
}

export class Speaker {
  readonly #choice: VoiceChoice;
  readonly #wpm: number;
  #installed = true;

  /** `wpm`: espeak-ng's words a minute. */
  constructor(choice: VoiceChoice, wpm = 230) {
    this.#choice = choice;
    this.#wpm = wpm;
  }

  /** How this speaker speaks now: espeak-ng, or tones (chosen, or espeak-ng is not installed). */
  get voice(): 'espeak-ng' | 'tone' {
    return this.#choice.kind === 'espeak-ng' && this.#installed ? 'espeak-ng' : 'tone';
  }

  /** `text` as sound, sentence by sentence, each followed by a short pause. */
  async *speak(text: string, lang: ReaderLang = 'en'): AsyncGenerator<SpokenSentence> {
    for (const sentence of sentences(text.slice(0, MAX_SPOKEN_CHARS))) {
      yield await this.#sentence(sentence, lang);
    }
  }

  async #sentence(text: string, lang: ReaderLang): Promise<SpokenSentence> {
    const choice = this.#choice;
    if (choice.kind === 'tones') return toned('chosen');
    if (!this.#installed) return toned('not_installed');
    try {
      const pcm = parseWav(await espeak(choice.binary ?? 'espeak-ng', text, this.#wpm, lang));
      return { samples: withGap(resample(pcm, TRACK_RATE)) };
    } catch (error) {
      // Not installed stays so; any other failure is this sentence's alone.
      if (error instanceof NotInstalled) this.#installed = false;
      return toned(error instanceof NotInstalled ? 'not_installed' : 'failed');
    }
  }
}

function toned(reason: ToneReason): SpokenSentence {
  return { samples: withGap(tone(350)), tone: reason };
}

function withGap(samples: Int16Array): Int16Array {
  const out = new Int16Array(samples.length + GAP_SAMPLES);
  out.set(samples);
  return out;
}
