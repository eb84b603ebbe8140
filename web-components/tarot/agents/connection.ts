/**
 * Asks the edge for a reading token (`POST /api/voice/token`) and checks the answer against the
 * contract. The token is short-lived (`ek_…`); the engine says whether it opens the offline local
 * reader (with its WebSocket `url`) or OpenAI. Errors come back as readable sentences.
 */
import { ApiErrorBody } from '../../../contracts/api.ts';
import { VoiceTokenResponse } from '../../../contracts/voice.ts';
import type { Modality } from './context.ts';

export type ReadingConnection = VoiceTokenResponse;

/** A connection failure a person can read; `code` is the edge's error code when there is one. */
export class ReadingConnectError extends Error {
  readonly code: string;
  constructor(message: string, code = 'connection') {
    super(message);
    this.name = 'ReadingConnectError';
    this.code = code;
  }
}

export interface RequestTokenOptions {
  mode: Modality;
  sessionId: string;
  endpoint?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

const READABLE: Record<string, string> = {
  rate_limited: 'Too many readings were started from here just now. Wait a minute and try again.',
  forbidden_origin: 'This page is not allowed to start readings on this server.',
  not_configured: 'The reading service is not set up on this server.',
  upstream_unavailable: 'The reading service is unavailable right now. Try again in a moment.',
  upstream_busy: 'The reading service is busy right now. Try again in a moment.',
  upstream_misconfigured: 'The reading service is misconfigured on this server.',
};

export async function requestReadingToken(
  options: RequestTokenOptions,
): Promise<ReadingConnection> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(options.endpoint ?? '/api/voice/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: options.sessionId, mode: options.mode }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new ReadingConnectError(
      'Could not reach the reading service. Check your connection and try again.',
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = ApiErrorBody.safeParse(body);
    const code = error.success ? error.data.error.code : 'connection';
    throw new ReadingConnectError(
      READABLE[code] ??
        (error.success
          ? error.data.error.message
          : `The reading service answered ${response.status}.`),
      code,
    );
  }
  const parsed = VoiceTokenResponse.safeParse(body);
  if (!parsed.success) {
    throw new ReadingConnectError('The reading service sent a token this page cannot use.');
  }
  return parsed.data;
}
