/**
 * Whether this edge runs the offline reader, and with which secret. Fail closed:
 *
 * - where OpenAI is configured the reader is not mounted (404), unless `READER_WITH_OPENAI` is
 *   "true": a deployment with a key has no use for a second, unmetered engine;
 * - outside local development there is no reader without `READER_TOKEN_SECRET` (503): the
 *   development secret is in the repository and is never trusted there.
 *
 * The answer to a visitor says nothing about which setting is missing.
 */
import type { Bindings } from '../env.ts';
import { ApiError } from '../errors.ts';
import { readerSecretFor } from './token.ts';

export type ReaderAvailability = { ok: true; secret: string } | { ok: false; error: ApiError };

export function readerAvailability(env: Bindings | undefined): ReaderAvailability {
  if (env?.OPENAI_API_KEY && env.READER_WITH_OPENAI !== 'true') {
    return {
      ok: false,
      error: new ApiError(404, 'not_found', 'This site does not run the offline reader.'),
    };
  }
  const secret = readerSecretFor(env);
  if (!secret) {
    return {
      ok: false,
      error: new ApiError(
        503,
        'not_configured',
        'Readings are not available on this site right now. Please try again later.',
      ),
    };
  }
  return { ok: true, secret };
}
