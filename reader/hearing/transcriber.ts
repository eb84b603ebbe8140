/**
 * How the offline reader hears: a `Transcriber` turns one committed audio turn into words. The
 * reader's hosts give it one when a local speech recognizer runs (`npm start` and the tests run
 * `recognizer/server.py`); without one a voice turn follows the demo script and says so.
 *
 * `RecognizerClient` is the transcriber for an OpenAI-compatible `POST /v1/audio/transcriptions`,
 * the request a client of OpenAI's API sends, written with the web platform's `fetch`, `FormData`
 * and `Blob` only: the edge's Durable Object (workerd) and the WebRTC host (Node) run it as is. It
 * never throws: every way a call can fail comes back as a code and a sentence.
 */
import type { SupportedLang } from '../../contracts/locale.ts';

export interface TranscriptionRequest {
  /** Mono PCM16, little-endian. */
  pcm: Uint8Array;
  /** Samples a second. */
  rate: number;
  lang: SupportedLang;
  /** Words the recognizer should expect (the app's own vocabulary), as OpenAI's `prompt`. */
  prompt: string;
}

/** Why a turn could not be transcribed; the reader names it in `…transcription.failed`. */
export type TranscriptionFailure =
  | 'recognizer_unavailable'
  | 'recognizer_timeout'
  | 'recognizer_busy'
  | 'recognizer_error'
  | 'audio_too_long'
  | 'invalid_audio'
  | 'unsupported_audio_format'
  | 'unsupported_language'
  | 'too_many_turns';

export type Transcription =
  { ok: true; text: string } | { ok: false; code: TranscriptionFailure; message: string };

export interface Transcriber {
  /** The languages it hears; a reading in another language follows the demo script. */
  readonly languages: readonly SupportedLang[];
  transcribe(request: TranscriptionRequest): Promise<Transcription>;
}

export interface RecognizerClientOptions {
  /** The API's base, e.g. `http://127.0.0.1:8791/v1`. */
  url: string;
  /** The bearer key the recognizer was started with. */
  key: string;
  /** Default English only: the packaged model is Whisper tiny.en. */
  languages?: readonly SupportedLang[];
  /** How long one transcription may take, queue included (default 15 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The recognizer's refusals that name the audio rather than the recognizer. */
const AUDIO_CODES = new Set<TranscriptionFailure>([
  'audio_too_long',
  'invalid_audio',
  'unsupported_language',
]);

export class RecognizerClient implements Transcriber {
  readonly languages: readonly SupportedLang[];
  readonly #url: string;
  readonly #key: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: RecognizerClientOptions) {
    let url = options.url;
    while (url.endsWith('/')) url = url.slice(0, -1);
    this.#url = url;
    this.#key = options.key;
    this.languages = options.languages ?? ['en'];
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async transcribe(request: TranscriptionRequest): Promise<Transcription> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([wavFile(request.pcm, request.rate)], { type: 'audio/wav' }),
      'turn.wav',
    );
    form.append('model', 'whisper-1');
    form.append('language', request.lang);
    form.append('prompt', request.prompt);
    form.append('response_format', 'json');
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.#timeoutMs);
    try {
      const response = await this.#fetch(`${this.#url}/audio/transcriptions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.#key}` },
        body: form,
        signal: abort.signal,
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.ok) {
        const text = isRecord(body) && typeof body.text === 'string' ? body.text : undefined;
        if (text === undefined)
          return failed('recognizer_error', 'The recognizer answered without text.');
        return { ok: true, text: text.trim() };
      }
      return refusal(response.status, body);
    } catch {
      if (abort.signal.aborted)
        return failed(
          'recognizer_timeout',
          `The recognizer took over ${this.#timeoutMs / 1000} s.`,
        );
      return failed('recognizer_unavailable', 'The speech recognizer is not answering.');
    } finally {
      clearTimeout(timer);
    }
  }
}

function failed(code: TranscriptionFailure, message: string): Transcription {
  return { ok: false, code, message };
}

function refusal(status: number, body: unknown): Transcription {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = typeof error?.code === 'string' ? error.code : '';
  const message =
    typeof error?.message === 'string' ? error.message.slice(0, 200) : `HTTP ${status}`;
  if (status === 503 || status === 429) return failed('recognizer_busy', message);
  if (AUDIO_CODES.has(code as TranscriptionFailure))
    return failed(code as TranscriptionFailure, message);
  return failed('recognizer_error', `The recognizer refused the turn: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A RIFF/WAVE file around mono PCM16 samples. */
export function wavFile(pcm: Uint8Array, rate: number): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(44 + pcm.byteLength);
  const view = new DataView(file.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) file[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + pcm.byteLength, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, pcm.byteLength, true);
  file.set(pcm, 44);
  return file;
}
