/**
 * The one question a page asks the edge before any reading: which engine reads there. Small on
 * purpose: an element can ask without loading the session code. The requests themselves go through
 * the shared edge client (`web-components/shared/edge-client.ts`).
 */
import { API_PATHS, HealthResponse } from '../../../contracts/api-schema.ts';
import type { ReadingEngine } from '../../../contracts/reading-token.ts';
import { EdgeClient, apiUrl } from '../../shared/edge-client.ts';

export { apiUrl };

/** Where the edge mints reading tokens, below its origin. */
export const TOKEN_PATH = API_PATHS.readingToken;

export interface RequestReaderEngineOptions {
  /** The edge's origin; default '' (this page's). */
  apiBase?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The engine behind readings on an edge, and whether its offline reader hears English speech. */
export interface ReaderHealth {
  engine: ReadingEngine;
  hears: boolean;
}

/**
 * Which engine the edge reads with (`GET /api/health`): the offline `local` reader or `openai`,
 * and whether the offline reader hears; null when the edge cannot say (unreachable, an answer that
 * is not the contract's, or a deployed edge, whose health names no engine: the token answer
 * does). Asked once, without retrying: the answer only labels the page.
 */
export async function requestReaderEngine(
  options: RequestReaderEngineOptions = {},
): Promise<ReaderHealth | null> {
  const client = new EdgeClient({
    apiBase: options.apiBase,
    fetch: options.fetch,
    retry: { attempts: 1 },
  });
  try {
    const health = await client.get(API_PATHS.health, HealthResponse, { signal: options.signal });
    return health.reader ? { engine: health.reader, hears: health.hears === true } : null;
  } catch {
    return null;
  }
}
