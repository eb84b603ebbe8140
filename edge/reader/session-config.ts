/**
 * The reader's session config and `session.update`: the fields of a Realtime GA session that a
 * client may set are merged (nested objects merge, everything else replaces); anything else a
 * client sends is left out and named back as ignored, never stored or echoed. The size of an update
 * is capped before it gets here (limits.ts).
 */
import type { RealtimeSessionConfig } from '../../contracts/realtime.ts';
import { mergeConfig } from './wire.ts';

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

const UPDATABLE = new Set<string>(UPDATABLE_SESSION_FIELDS);

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
): AppliedUpdate {
  const known: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (UPDATABLE.has(key)) known[key] = value;
    else if (ignored.length < 10) ignored.push(key.slice(0, 40));
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
  return { session: mergeConfig(session, known), modality, tools, ignored };
}
