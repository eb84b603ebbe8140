/**
 * The reader's words as sound: espeak-ng where it is installed (text on stdin, a WAV on stdout,
 * never the words on a command line), else a short tone per sentence, which the call announces
 * with a notice so a page never hears a silence that looks like a fault.
 */
import { spawn } from 'node:child_process';
import type { SupportedLang } from '../contracts/locale.ts';
import { TRACK_RATE, parseWav, resample, tone } from './audio.ts';

export type Voice = 'espeak-ng' | 'tone';

export interface Speech {
  voice: Voice;
  /** PCM16 at the track's rate. */
  samples: Int16Array;
}

const SYNTH_TIMEOUT_MS = 15_000;
const MAX_SPOKEN_CHARS = 2_000;

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** espeak-ng's voice for each language the reader reads in. */
const ESPEAK_VOICES: Record<SupportedLang, string> = { en: 'en-us', es: 'es' };

function espeak(
  binary: string,
  text: string,
  wpm: number,
  lang: SupportedLang,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const args = ['--stdout', '--stdin', '-v', ESPEAK_VOICES[lang], '-s', String(wpm)];
    const child = spawn(binary, args, {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), SYNTH_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
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
  readonly #binary: string | undefined;
  readonly #wpm: number;
  #voice: Voice;

  /** `binary`: the espeak-ng to run, undefined speaks in tones; `wpm`: its words a minute. */
  constructor(binary: string | undefined = 'espeak-ng', wpm = 230) {
    this.#binary = binary;
    this.#wpm = wpm;
    this.#voice = binary ? 'espeak-ng' : 'tone';
  }

  /** espeak-ng until it fails once (not installed), tones after that. */
  get voice(): Voice {
    return this.#voice;
  }

  async speak(text: string, lang: SupportedLang = 'en'): Promise<Speech> {
    const words = text.slice(0, MAX_SPOKEN_CHARS);
    if (this.#binary && this.#voice === 'espeak-ng') {
      try {
        const pcm = parseWav(await espeak(this.#binary, words, this.#wpm, lang));
        return { voice: 'espeak-ng', samples: resample(pcm, TRACK_RATE) };
      } catch {
        this.#voice = 'tone';
      }
    }
    const parts = sentences(words).map(() => tone(350));
    const gap = new Int16Array(TRACK_RATE / 5);
    const length = parts.reduce((sum, part) => sum + part.length + gap.length, 0);
    const samples = new Int16Array(length);
    let at = 0;
    for (const part of parts) {
      samples.set(part, at);
      at += part.length + gap.length;
    }
    return { voice: 'tone', samples };
  }
}
