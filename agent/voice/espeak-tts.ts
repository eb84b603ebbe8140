/**
 * BMO's voice offline: espeak-ng behind LiveKit's `tts.TTS`. One espeak-ng process per sentence
 * (`AgentSession` wraps a TTS that does not stream in its `StreamAdapter`, which splits the reply
 * into sentences), the text on stdin and never on a command line, the sound read from its stdout
 * as it is made and sent on in 20 ms frames, so the first words play before the sentence is done.
 *
 * A sentence espeak-ng cannot speak (not installed, failed, too slow) is never an exception,
 * which the SDK would retry and then count towards closing the session: it plays a moment of
 * silence, so that its words still reach the transcript, and `onSentence` says it failed. The next sentence tries
 * again, so one failure under load is one silent sentence, not a voice lost for good.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type APIConnectOptions, shortuuid, tts } from '@livekit/agents';
import { AudioFrame } from '@livekit/rtc-node';

/** espeak-ng's output rate for its own voices. */
export const ESPEAK_RATE = 22_050;
const FRAME_SAMPLES = ESPEAK_RATE / 50;
/** A sentence longer than this is cut: no reply of BMO's comes near it. */
const MAX_SPOKEN_CHARS = 1_000;
const SENTENCE_TIMEOUT_MS = 10_000;
/** What a sentence espeak-ng could not speak plays instead. */
const SILENT_SENTENCE_MS = 200;

export type SpokenSentence = { ms: number } & (
  { spoken: true } | { spoken: false; reason: 'missing' | 'failed' | 'timeout' }
);

export interface EspeakTTSOptions {
  /** The espeak-ng program. */
  binary: string;
  /** Its voice (BMO's: US English with a light, higher variant). */
  voice?: string;
  /** Words a minute. */
  wpm?: number;
  pitch?: number;
  /** Told of every sentence, spoken or not. */
  onSentence?: (sentence: SpokenSentence) => void;
}

/** True when `binary` runs (`--version`), within a few seconds. */
export function espeakRuns(binary: string): Promise<boolean> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(binary, ['--version'], { stdio: 'ignore', timeout: 5_000 });
    } catch {
      resolve(false);
      return;
    }
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

export class EspeakTTS extends tts.TTS {
  label = 'bmo.EspeakTTS';
  readonly #options: Required<Omit<EspeakTTSOptions, 'onSentence'>> &
    Pick<EspeakTTSOptions, 'onSentence'>;

  constructor(options: EspeakTTSOptions) {
    super(ESPEAK_RATE, 1, { streaming: false });
    this.#options = { voice: 'en-us+f3', wpm: 175, pitch: 60, ...options };
  }

  override get model(): string {
    return 'espeak-ng';
  }

  override get provider(): string {
    return 'local';
  }

  synthesize(
    text: string,
    connOptions?: APIConnectOptions,
    abortSignal?: AbortSignal,
  ): tts.ChunkedStream {
    return new EspeakStream(this, text, this.#options, connOptions, abortSignal);
  }

  stream(): tts.SynthesizeStream {
    throw new Error(
      'espeak-ng speaks a sentence at a time: AgentSession wraps it in StreamAdapter',
    );
  }
}

/** The PCM of a RIFF/WAVE stream, once its header has gone by (espeak-ng leaves sizes open). */
class WavReader {
  #head = Buffer.alloc(0);
  #dataStarted = false;
  #carry = Buffer.alloc(0);
  rate = ESPEAK_RATE;

  /** The whole 16-bit samples the bytes complete. */
  push(chunk: Buffer): Int16Array[] {
    let bytes = chunk;
    if (!this.#dataStarted) {
      this.#head = Buffer.concat([this.#head, chunk]);
      const start = this.#dataOffset();
      if (start === undefined) return [];
      this.#dataStarted = true;
      bytes = this.#head.subarray(start);
    }
    const all = this.#carry.length > 0 ? Buffer.concat([this.#carry, bytes]) : bytes;
    const frameBytes = FRAME_SAMPLES * 2;
    const whole = all.length - (all.length % frameBytes);
    this.#carry = Buffer.from(all.subarray(whole));
    const frames: Int16Array[] = [];
    for (let at = 0; at < whole; at += frameBytes) {
      const frame = new Int16Array(FRAME_SAMPLES);
      for (let i = 0; i < FRAME_SAMPLES; i += 1) frame[i] = all.readInt16LE(at + i * 2);
      frames.push(frame);
    }
    return frames;
  }

  /** The last, partial frame, padded with silence. */
  flush(): Int16Array | undefined {
    if (this.#carry.length < 2) return undefined;
    const frame = new Int16Array(FRAME_SAMPLES);
    for (let i = 0; i < Math.floor(this.#carry.length / 2); i += 1) {
      frame[i] = this.#carry.readInt16LE(i * 2);
    }
    this.#carry = Buffer.alloc(0);
    return frame;
  }

  /** Where the samples start, once the `fmt ` and `data` chunks' headers are in. */
  #dataOffset(): number | undefined {
    const head = this.#head;
    if (head.length < 12) return undefined;
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') {
      throw new Error('espeak-ng did not write a WAV stream');
    }
    let at = 12;
    while (at + 8 <= head.length) {
      const id = head.toString('ascii', at, at + 4);
      const size = head.readUInt32LE(at + 4);
      if (id === 'data') return at + 8;
      if (id === 'fmt ' && at + 16 <= head.length) this.rate = head.readUInt32LE(at + 12);
      at += 8 + size + (size % 2);
    }
    return undefined;
  }
}

class EspeakStream extends tts.ChunkedStream {
  label = 'bmo.EspeakStream';
  readonly #options: EspeakTTSOptions & { voice: string; wpm: number; pitch: number };

  constructor(
    voice: EspeakTTS,
    text: string,
    options: EspeakTTSOptions & { voice: string; wpm: number; pitch: number },
    connOptions?: APIConnectOptions,
    abortSignal?: AbortSignal,
  ) {
    super(text, voice, connOptions, abortSignal);
    this.#options = options;
  }

  protected async run(): Promise<void> {
    const started = performance.now();
    const outcome = await this.#speak();
    if (outcome !== 'spoken' && outcome !== 'aborted') {
      // a sentence with no sound at all never reaches the transcript (the SDK releases a
      // sentence's words as its audio plays): a moment of silence carries them
      const silence = new Int16Array(Math.round(ESPEAK_RATE * (SILENT_SENTENCE_MS / 1000)));
      const frame = new AudioFrame(silence, ESPEAK_RATE, 1, silence.length);
      this.queue.put({ requestId: shortuuid(), segmentId: '', frame, final: true });
    }
    this.queue.close();
    if (outcome === 'aborted') return;
    const ms = Math.round(performance.now() - started);
    this.#options.onSentence?.(
      outcome === 'spoken' ? { spoken: true, ms } : { spoken: false, reason: outcome, ms },
    );
  }

  #speak(): Promise<'spoken' | 'aborted' | 'missing' | 'failed' | 'timeout'> {
    const { binary, voice, wpm, pitch } = this.#options;
    const text = this.inputText.slice(0, MAX_SPOKEN_CHARS);
    const requestId = shortuuid();
    const signal = this.abortController.signal;
    if (signal.aborted) return Promise.resolve('aborted');
    return new Promise((resolve) => {
      const args = ['--stdout', '--stdin', '-v', voice, '-s', String(wpm), '-p', String(pitch)];
      let child: ChildProcess;
      try {
        child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'ignore'] });
      } catch {
        resolve('missing');
        return;
      }
      const wav = new WavReader();
      let last: Int16Array | undefined;
      let failed = false;
      let timedOut = false;
      const send = (samples: Int16Array, final: boolean) => {
        const frame = new AudioFrame(samples, wav.rate, 1, samples.length);
        this.queue.put({ requestId, segmentId: requestId, frame, final });
      };
      const stop = () => child.kill('SIGKILL');
      const timer = setTimeout(() => {
        timedOut = true;
        stop();
      }, SENTENCE_TIMEOUT_MS);
      signal.addEventListener('abort', stop, { once: true });
      child.stdout?.on('data', (chunk: Buffer) => {
        if (failed || signal.aborted) return;
        try {
          for (const samples of wav.push(chunk)) {
            if (last) send(last, false);
            last = samples;
          }
        } catch {
          failed = true;
          stop();
        }
      });
      child.stdin?.on('error', () => undefined);
      child.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        resolve(error.code === 'ENOENT' || error.code === 'EACCES' ? 'missing' : 'failed');
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        if (signal.aborted) return resolve('aborted');
        if (timedOut) return resolve('timeout');
        if (failed || code !== 0) return resolve('failed');
        const tail = wav.flush();
        if (last) send(last, tail === undefined);
        if (tail) send(tail, true);
        resolve(last || tail ? 'spoken' : 'failed');
      });
      child.stdin?.end(text);
    });
  }
}
