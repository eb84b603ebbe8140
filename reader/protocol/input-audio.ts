/**
 * The input audio buffer, and what a session hears. `input_audio_buffer.append` fills it,
 * `.clear` empties it and `.commit` makes it a user turn (item-events.ts). While the session asks
 * for input transcription (`audio.input.transcription`, as the SDK does by default) and its host
 * gave the reader a `Transcriber` that hears the reading's language, the audio itself is kept,
 * and each committed turn is transcribed: the words come back as the Realtime protocol's own events
 * (`conversation.item.input_audio_transcription.completed`, or `.failed` with a code and a reason)
 * and become the turn's input, read exactly as typed text is. Silence comes back as an empty
 * transcript, and the turn as `unheard`: the reader says it did not catch that.
 *
 * Bounds, so one visitor cannot starve the recognizer's other callers: a turn keeps at most
 * MAX_TURN_SECONDS of audio (a longer one fails as `audio_too_long`, whole), a session's turns are
 * transcribed one at a time, and at most MAX_WAITING_TURNS wait (more fail as `too_many_turns`).
 * Nothing here outlives the process: a Durable Object woken from hibernation has lost a turn that
 * was being transcribed, and the engine counts it unheard.
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import type { Transcriber, Transcription } from '../hearing/transcriber.ts';
import { readerVocabulary } from '../reading/vocabulary.ts';
import type { TurnInput } from '../reading/policy-actions.ts';
import type { EngineState } from './engine-state.ts';
import { type ItemContext, commitAudio } from './item-events.ts';
import { decodedLength, isPlainObject } from './wire.ts';

export const MAX_TURN_SECONDS = 30;
export const MAX_WAITING_TURNS = 3;
const PCM_RATE = 24_000;

export interface InputAudioContext {
  items: ItemContext;
  /** The session's plain fields: the buffer's byte count lives there (a snapshot keeps it). */
  state(): EngineState;
  transcriber: Transcriber | undefined;
  lang: SupportedLang;
  /** The session config as it stands (its input format and transcription). */
  session(): Record<string, unknown>;
  emit(type: string, body: Record<string, unknown>): void;
  /** A committed turn's outcome, as the input the policy reads. */
  heard(itemId: string, input: TurnInput): void;
}

export class InputAudioBuffer {
  readonly #ctx: InputAudioContext;
  #chunks: Uint8Array[] = [];
  #bytes = 0;
  #over = false;
  #waiting = 0;
  #line: Promise<unknown> = Promise.resolve();

  constructor(ctx: InputAudioContext) {
    this.#ctx = ctx;
  }

  /** Whether committed turns are transcribed (else a voice turn follows the demo script). */
  get on(): boolean {
    return this.#hearer() !== undefined;
  }

  /** The transcriber this session hears with now, if it hears. */
  #hearer(): Transcriber | undefined {
    const transcriber = this.#ctx.transcriber;
    if (!transcriber || !transcriber.languages.includes(this.#ctx.lang)) return undefined;
    const input = inputConfig(this.#ctx.session());
    return isPlainObject(input?.transcription) ? transcriber : undefined;
  }

  /** Whether a committed turn is still being transcribed. */
  get busy(): boolean {
    return this.#waiting > 0;
  }

  append(base64: string): void {
    this.#ctx.state().audioBytes += decodedLength(base64);
    if (!this.on) return;
    const bytes = decodeBase64(base64);
    if (this.#bytes + bytes.length > maxTurnBytes(this.#rate())) {
      this.#over = true;
      return;
    }
    this.#chunks.push(bytes);
    this.#bytes += bytes.length;
  }

  /** `input_audio_buffer.clear`: empties the buffer and says so. */
  clear(): void {
    this.#ctx.state().audioBytes = 0;
    this.#drop();
    this.#ctx.emit('input_audio_buffer.cleared', {});
  }

  /**
   * `input_audio_buffer.commit`: the buffer becomes a user turn, which is heard when the session
   * hears (it waits among the inputs under its item id until its words come), else is left for
   * the demo script.
   */
  commit(eventId: string | undefined): void {
    const transcriber = this.#hearer();
    const state = this.#ctx.state();
    const itemId = commitAudio(this.#ctx.items, state.audioBytes, eventId, Boolean(transcriber));
    state.audioBytes = 0;
    if (itemId && transcriber) this.#hear(itemId, transcriber);
    else this.#drop();
  }

  #drop(): void {
    this.#chunks = [];
    this.#bytes = 0;
    this.#over = false;
  }

  #hear(itemId: string, transcriber: Transcriber): void {
    const pcm = concat(this.#chunks, this.#bytes);
    const over = this.#over;
    this.#drop();
    const format = inputConfig(this.#ctx.session())?.format;
    const type = isPlainObject(format) ? format.type : 'audio/pcm';
    if (type !== 'audio/pcm') {
      this.#done(itemId, {
        ok: false,
        code: 'unsupported_audio_format',
        message: `The offline reader hears audio/pcm only, not ${String(type).slice(0, 40)}.`,
      });
      return;
    }
    if (over) {
      this.#done(itemId, {
        ok: false,
        code: 'audio_too_long',
        message: `A turn may last ${MAX_TURN_SECONDS} seconds; this one was longer.`,
      });
      return;
    }
    if (this.#waiting >= MAX_WAITING_TURNS) {
      this.#done(itemId, {
        ok: false,
        code: 'too_many_turns',
        message: `At most ${MAX_WAITING_TURNS} turns may wait to be heard at once.`,
      });
      return;
    }
    this.#waiting += 1;
    const request = {
      pcm,
      rate: this.#rate(),
      lang: this.#ctx.lang,
      prompt: readerVocabulary(this.#ctx.lang),
    };
    const turn = this.#line.then(() => transcriber.transcribe(request));
    this.#line = turn.catch(() => undefined);
    void turn
      .catch((): Transcription => ({
        ok: false,
        code: 'recognizer_error',
        message: 'The recognizer failed.',
      }))
      .then((result) => {
        this.#waiting -= 1;
        this.#done(itemId, result);
      });
  }

  #rate(): number {
    const format = inputConfig(this.#ctx.session())?.format;
    const rate = isPlainObject(format) ? format.rate : undefined;
    return typeof rate === 'number' && rate >= 8_000 && rate <= 48_000 ? rate : PCM_RATE;
  }

  #done(itemId: string, result: Transcription): void {
    if (result.ok) {
      this.#ctx.emit('conversation.item.input_audio_transcription.completed', {
        item_id: itemId,
        content_index: 0,
        transcript: result.text,
      });
      this.#ctx.heard(
        itemId,
        result.text === ''
          ? { kind: 'unheard', reason: 'silence' }
          : { kind: 'user_text', text: result.text, spoken: true },
      );
      return;
    }
    this.#ctx.emit('conversation.item.input_audio_transcription.failed', {
      item_id: itemId,
      content_index: 0,
      error: {
        type: 'transcription_error',
        code: result.code,
        message: result.message,
        param: null,
      },
    });
    this.#ctx.heard(itemId, { kind: 'unheard', reason: 'failed' });
  }
}

function inputConfig(session: Record<string, unknown>): Record<string, unknown> | undefined {
  const audio = session.audio;
  const input = isPlainObject(audio) ? audio.input : undefined;
  return isPlainObject(input) ? input : undefined;
}

function maxTurnBytes(rate: number): number {
  return MAX_TURN_SECONDS * rate * 2;
}

function decodeBase64(base64: string): Uint8Array {
  try {
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return new Uint8Array(0);
  }
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
