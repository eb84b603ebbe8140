/**
 * The reader's session config and `session.update`: each field of a Realtime GA session that a
 * client may set is parsed with the contract's schema of what the reader keeps
 * (`RealtimeSessionKept`), which drops keys it does not know at any depth; `audio` merges, every
 * other field replaces. Anything else a client sends (an unknown field, a field of the wrong
 * shape) is left out and named back as ignored, never stored or echoed. The update's frame size is
 * capped before it gets here (limits.ts); here the instructions' lines (the reader parses them on
 * a resume) and the stored session's size are capped, each refused with an error naming the cap
 * and the session left unchanged.
 */
import { RealtimeSessionKept, type RealtimeSessionConfig } from '../../contracts/realtime.ts';
import { longestLine } from '../reading/instruction-lines.ts';
import { MAX_INSTRUCTIONS_LINE_CHARS, MAX_SESSION_BYTES, exceeds } from './limits.ts';
import { isPlainObject, mergeConfig } from './wire.ts';

/** The fields of the session a client may set with `session.update`. */
export const UPDATABLE_SESSION_FIELDS = [
  'type',
  'model',
  'output_modalities',
  'instructions',
  'tools',
  'tool_choice',
  'max_output_tokens',
  'tracing',
  'truncation',
  'prompt',
  'include',
  'audio',
] as const;

type UpdatableField = (typeof UPDATABLE_SESSION_FIELDS)[number];
const UPDATABLE = new Set<string>(UPDATABLE_SESSION_FIELDS);
const isUpdatable = (key: string): key is UpdatableField => UPDATABLE.has(key);

/** A session.update the reader refuses whole: the session is unchanged. */
export interface RefusedUpdate {
  error: { code: string; message: string; param: string };
}

export interface AppliedUpdate {
  session: Record<string, unknown>;
  /** The modality the update chose, when it chose one. */
  modality: 'text' | 'audio' | undefined;
  /** The function tools the update declared, when it declared tools. */
  tools: Set<string> | undefined;
  /** Top-level fields the reader does not keep (at most 10 names, each clipped). */
  ignored: string[];
}

export function applySessionUpdate(
  session: Record<string, unknown>,
  patch: RealtimeSessionConfig,
): AppliedUpdate | RefusedUpdate {
  if (
    patch.instructions !== undefined &&
    longestLine(patch.instructions) > MAX_INSTRUCTIONS_LINE_CHARS
  ) {
    return {
      error: {
        code: 'instructions_line_too_long',
        message: `Lines of session instructions are limited to ${MAX_INSTRUCTIONS_LINE_CHARS} characters; the session is unchanged.`,
        param: 'session.instructions',
      },
    };
  }
  const next: Record<string, unknown> = { ...session };
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const kept = isUpdatable(key) ? RealtimeSessionKept.shape[key].safeParse(value) : undefined;
    if (!kept?.success) {
      if (ignored.length < 10) ignored.push(key.slice(0, 40));
      continue;
    }
    const current = next[key];
    next[key] =
      key === 'audio' && isPlainObject(current) && isPlainObject(kept.data)
        ? mergeConfig(current, kept.data)
        : kept.data;
  }
  if (exceeds(JSON.stringify(next), MAX_SESSION_BYTES)) {
    return {
      error: {
        code: 'session_too_large',
        message: `The session config is limited to ${MAX_SESSION_BYTES} bytes; this update would pass it, and the session is unchanged.`,
        param: 'session',
      },
    };
  }
  const modality = patch.output_modalities
    ? patch.output_modalities.includes('audio')
      ? 'audio'
      : 'text'
    : undefined;
  // Only a full update declares tools; the SDK's `{ type, tracing }` update leaves them be.
  const tools = patch.tools
    ? new Set(
        patch.tools.flatMap((tool) =>
          tool.type === 'function' && 'name' in tool && typeof tool.name === 'string'
            ? [tool.name]
            : [],
        ),
      )
    : undefined;
  return { session: next, modality, tools, ignored };
}
