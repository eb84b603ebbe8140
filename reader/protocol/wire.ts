/**
 * The local reader's wire shapes and the small pure helpers the engine builds them with: the
 * session object `session.created` reports, the config merge of `session.update`, the text deltas
 * of a response, and what a user message says.
 */
import type { RealtimeContentPart } from '../../contracts/realtime.ts';
import { DEFAULT_REALTIME_MODEL } from '../../contracts/reading-token.ts';
import type { TurnInput } from '../reading/policy-actions.ts';

/** A conversation item as the reader stores and echoes it. */
export type WireItem = Record<string, unknown> & { id: string; type: string };

const DELTA_WORDS = 6;
const MODEL = DEFAULT_REALTIME_MODEL;

/** The session as `session.created` reports it before any update. */
export function defaultSession(id: string, expiresAt: number): Record<string, unknown> {
  return {
    type: 'realtime',
    object: 'realtime.session',
    id,
    model: MODEL,
    output_modalities: ['audio'],
    instructions: '',
    tools: [],
    tool_choice: 'auto',
    max_output_tokens: 'inf',
    tracing: null,
    truncation: 'auto',
    prompt: null,
    expires_at: expiresAt,
    include: null,
    audio: {
      input: {
        format: { type: 'audio/pcm', rate: 24000 },
        transcription: null,
        noise_reduction: null,
        turn_detection: null,
      },
      output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'alloy', speed: 1 },
    },
  };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Session config merge: nested objects merge, everything else (arrays, null) replaces. */
export function mergeConfig(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] =
      isPlainObject(current) && isPlainObject(value) ? mergeConfig(current, value) : value;
  }
  return merged;
}

/** Splits text into delta chunks of a few words each, keeping the spacing. */
export function chunks(text: string): string[] {
  const pieces = text.match(/\S+\s*/g) ?? [text];
  const out: string[] = [];
  for (let index = 0; index < pieces.length; index += DELTA_WORDS) {
    out.push(pieces.slice(index, index + DELTA_WORDS).join(''));
  }
  return out;
}

export function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** What a user message says: its text, an audio transcript, or "audio nobody transcribed". */
export function userInput(content: readonly RealtimeContentPart[]): TurnInput | undefined {
  const texts: string[] = [];
  let audio = false;
  for (const part of content) {
    if (part.type === 'input_text') texts.push(part.text);
    else if (part.type === 'input_audio') {
      if (typeof part.transcript === 'string' && part.transcript.trim() !== '') {
        texts.push(part.transcript);
      } else audio = true;
    }
  }
  if (texts.length > 0) return { kind: 'user_text', text: texts.join(' ') };
  return audio ? { kind: 'user_audio' } : undefined;
}

/** Stored content drops raw audio: the reader never needs the bytes back. */
export function storedContent(content: readonly RealtimeContentPart[]): RealtimeContentPart[] {
  return content.map((part) =>
    part.type === 'input_audio'
      ? { type: 'input_audio', transcript: part.transcript ?? null }
      : part,
  );
}
