/**
 * The microphone for a voice session: asking for it (muted until the person holds the talk
 * button), and, for transports that carry audio as data (the Realtime WebSocket), capturing it as
 * 24 kHz mono PCM16 chunks.
 *
 * Capture uses a ScriptProcessorNode rather than an AudioWorklet: a worklet's module must be a
 * separate script, which the page's `script-src 'self'` policy refuses as a `blob:` URL and which a
 * site embedding these elements would have to host. The processing is a few microseconds per
 * 21 ms chunk, so running it on the main thread costs nothing noticeable.
 */
import type { AudioCapture } from './push-to-talk.ts';

/** The browser's microphone request. */
export function browserGetUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia(constraints);
}

/** The Realtime API's input format: PCM16, mono, 24 kHz. */
export const REALTIME_SAMPLE_RATE = 24_000;

/** What this module needs of a microphone stream (a `MediaStream` is one). */
export interface MicrophoneStream {
  getAudioTracks(): { enabled: boolean }[];
  getTracks(): { stop(): void }[];
}

/**
 * Asks for the microphone and returns its stream with every track disabled (muted), so nothing
 * is heard until a press enables it. Rejects with the browser's DOMException
 * (`NotAllowedError`, `NotReadableError`, `NotFoundError`, …).
 */
export async function openMicrophone<T extends MicrophoneStream = MediaStream>(
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<T>,
): Promise<T> {
  const stream = await getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
  for (const track of stream.getAudioTracks()) track.enabled = false;
  return stream;
}

/** Stops every track of a stream (the browser's "microphone in use" indicator goes away). */
export function closeMicrophone(stream: MicrophoneStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Turns float samples at one rate into little-endian PCM16 at another, chunk after chunk, with
 * linear interpolation that carries its position across chunks (so there is no seam between them).
 */
export class Pcm16Resampler {
  readonly inputRate: number;
  readonly outputRate: number;
  #step: number;
  /** Where the next output sample falls, in input samples from the start of the next chunk. */
  #position = 0;
  #last = 0;

  constructor(inputRate: number, outputRate = REALTIME_SAMPLE_RATE) {
    if (!(inputRate > 0) || !(outputRate > 0))
      throw new RangeError('Sample rates must be positive.');
    this.inputRate = inputRate;
    this.outputRate = outputRate;
    this.#step = inputRate / outputRate;
  }

  /** Converts one chunk; the result may be empty when the chunk is shorter than one output step. */
  push(samples: Float32Array): ArrayBuffer {
    const count = samples.length;
    if (count === 0) return new ArrayBuffer(0);
    const at = (index: number): number => (index < 0 ? this.#last : (samples[index] ?? 0));
    const out: number[] = [];
    let position = this.#position;
    while (position <= count - 1) {
      const index = Math.floor(position);
      const fraction = position - index;
      const a = at(index);
      const b = fraction === 0 ? a : at(index + 1);
      out.push(a + (b - a) * fraction);
      position += this.#step;
    }
    this.#position = position - count;
    this.#last = samples[count - 1] ?? 0;
    const buffer = new ArrayBuffer(out.length * 2);
    const view = new DataView(buffer);
    out.forEach((sample, i) => {
      const clamped = Math.max(-1, Math.min(1, sample));
      view.setInt16(i * 2, clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff, true);
    });
    return buffer;
  }
}

export interface Pcm16CaptureOptions {
  /** Samples per processing block at the context's rate. Default 1024 (about 21 ms at 48 kHz). */
  bufferSize?: number;
  /** Makes the AudioContext; default `new AudioContext()`. */
  createContext?: () => AudioContext;
}

/**
 * Captures a microphone stream as 24 kHz PCM16 chunks between `start` and `stop`. The stream's
 * tracks are enabled only while capturing. The AudioContext is made at the first `start` (a user
 * gesture, so the browser lets it run) and kept for the next; `close()` releases it.
 */
export class Pcm16Capture implements AudioCapture {
  #stream: MediaStream;
  #options: Pcm16CaptureOptions;
  #context: AudioContext | undefined;
  #source: MediaStreamAudioSourceNode | undefined;
  #processor: ScriptProcessorNode | undefined;
  #resampler: Pcm16Resampler | undefined;
  #send: ((chunk: ArrayBuffer) => void) | undefined;

  constructor(stream: MediaStream, options: Pcm16CaptureOptions = {}) {
    this.#stream = stream;
    this.#options = options;
  }

  async start(send: (chunk: ArrayBuffer) => void): Promise<void> {
    const context = this.#ensureGraph();
    this.#resampler = new Pcm16Resampler(context.sampleRate);
    this.#send = send;
    for (const track of this.#stream.getAudioTracks()) track.enabled = true;
    if (context.state === 'suspended') await context.resume();
  }

  stop(): void {
    this.#send = undefined;
    for (const track of this.#stream.getAudioTracks()) track.enabled = false;
  }

  /** Stops capturing and releases the audio graph (the stream's tracks are left to their owner). */
  close(): void {
    this.stop();
    this.#processor?.disconnect();
    this.#source?.disconnect();
    if (this.#processor) this.#processor.onaudioprocess = null;
    const context = this.#context;
    this.#context = undefined;
    this.#processor = undefined;
    this.#source = undefined;
    if (context && context.state !== 'closed') void context.close().catch(() => undefined);
  }

  #ensureGraph(): AudioContext {
    if (this.#context) return this.#context;
    const context = (this.#options.createContext ?? (() => new AudioContext()))();
    const source = context.createMediaStreamSource(this.#stream);
    const processor = context.createScriptProcessor(this.#options.bufferSize ?? 1024, 1, 1);
    processor.onaudioprocess = (event) => {
      const send = this.#send;
      const resampler = this.#resampler;
      if (!send || !resampler) return;
      const chunk = resampler.push(event.inputBuffer.getChannelData(0));
      if (chunk.byteLength > 0) send(chunk);
    };
    source.connect(processor);
    // A ScriptProcessor only runs while connected to the destination; it outputs silence.
    processor.connect(context.destination);
    this.#context = context;
    this.#source = source;
    this.#processor = processor;
    return context;
  }
}
