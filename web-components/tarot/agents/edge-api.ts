/**
 * Where the edge's API is, and the one question a page asks it before any reading: which engine
 * reads there. Small on purpose: an element can ask without loading the session code.
 */
import { HealthResponse } from '../../../contracts/api.ts';
import type { VoiceEngine } from '../../../contracts/voice.ts';

/** Where the edge mints reading tokens, below its origin. */
export const TOKEN_PATH = '/api/voice/token';

/**
 * The address of an edge API path: below `apiBase` (an origin such as `https://edge.example`,
 * trailing slashes ignored), or on this page's origin when `apiBase` is empty.
 */
export function apiUrl(apiBase: string | undefined, path: string): string {
  return `${(apiBase ?? '').trim().replace(/\/+$/, '')}${path}`;
}

export interface RequestReaderEngineOptions {
  /** The edge's origin; default '' (this page's). */
  apiBase?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Which engine the edge reads with (`GET /api/health`): the offline `local` reader or `openai`;
 * null when the edge cannot say (unreachable, or an answer that is not the contract's).
 */
export async function requestReaderEngine(
  options: RequestReaderEngineOptions = {},
): Promise<VoiceEngine | null> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  try {
    const response = await doFetch(apiUrl(options.apiBase, '/api/health'), {
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const health = HealthResponse.safeParse(await response.json());
    return health.success ? health.data.reader : null;
  } catch {
    return null;
  }
}
