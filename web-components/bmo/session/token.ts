/**
 * Asks the edge for a LiveKit token through the one edge client (shared/edge-client.ts: the base
 * URL, the contract check, the error shape and the retry with backoff), and turns every answer
 * into either a grant or the words BMO's page shows.
 *
 * Each attempt has its own time limit (`TOKEN_ATTEMPT_TIMEOUT_MS`): a token route that hangs is
 * given up on like one that failed, so the edge client retries it, and after the last attempt the
 * page says in words that the server did not answer instead of waiting forever.
 */
import { EdgeClient, EdgeError } from '../../shared/edge-client.ts';
import type { BmoError } from '../../stores/bmo.ts';
import type { SupportedLang } from '../../../contracts/locale.ts';
import { TOKEN_ATTEMPT_TIMEOUT_MS, tokenProblem, tokenRequestBody } from './rules.ts';
import type { BmoStrings } from '../i18n/conversation-en.ts';
import { BMO_EN } from '../i18n/conversation-en.ts';

export interface RoomToken {
  serverUrl: string;
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export type TokenOutcome =
  { ok: true; grant: RoomToken } | { ok: false; problem: BmoError; error?: unknown };

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** One attempt at the token route took longer than its time limit. */
export class TokenAttemptTimeout extends Error {
  constructor(ms: number) {
    super(`The token route did not answer within ${ms} ms.`);
    this.name = 'TokenAttemptTimeout';
  }
}

/**
 * `fetch` with a time limit on each call (the caller's own signal still aborts it as before), and
 * a word to `onRetry` before each call after the first.
 */
export function fetchWithTimeLimit(
  fetchImpl: typeof globalThis.fetch,
  timeoutMs: number,
  onRetry?: (attempt: number) => void,
): typeof globalThis.fetch {
  let attempt = 0;
  return async (input, init) => {
    attempt += 1;
    if (attempt > 1) onRetry?.(attempt);
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new TokenAttemptTimeout(timeoutMs)), timeoutMs);
    const outer = init?.signal;
    const signal = outer ? AbortSignal.any([outer, timer.signal]) : timer.signal;
    try {
      return await fetchImpl(input, { ...init, signal });
    } catch (error) {
      // the time limit, not the caller, stopped it: say so (the edge client retries it)
      if (timer.signal.aborted && !outer?.aborted) throw new TokenAttemptTimeout(timeoutMs);
      throw error;
    } finally {
      clearTimeout(timeout);
    }
  };
}

export async function requestRoomToken(options: {
  /** The whole token route (`token-url`, or `{api-base}/api/livekit/token`). */
  tokenUrl: string;
  participantName?: string | undefined;
  /** The host page's Turnstile token, sent as `X-Turnstile-Token` (see `<bmo-assistant>`). */
  turnstileToken?: string | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  signal?: AbortSignal | undefined;
  /** The time limit of each attempt, ms (default `TOKEN_ATTEMPT_TIMEOUT_MS`). */
  attemptTimeoutMs?: number | undefined;
  /** The assistant's checked language, for BMO to answer in. */
  lang?: SupportedLang | undefined;
  /** The words of the problems it reports (English by default). */
  strings?: BmoStrings | undefined;
  /** Told before each retry (the second attempt is 2). */
  onRetry?: ((attempt: number) => void) | undefined;
}): Promise<TokenOutcome> {
  const client = new EdgeClient({
    fetch: fetchWithTimeLimit(
      options.fetch ?? globalThis.fetch.bind(globalThis),
      options.attemptTimeoutMs ?? TOKEN_ATTEMPT_TIMEOUT_MS,
      options.onRetry,
    ),
  });
  const body = tokenRequestBody({
    participantName: options.participantName,
    timeZone: browserTimeZone(),
    lang: options.lang,
  });
  const t = options.strings ?? BMO_EN;
  try {
    const answer = await client.livekitToken(body, {
      url: options.tokenUrl,
      signal: options.signal,
      turnstileToken: options.turnstileToken,
    });
    return {
      ok: true,
      grant: {
        serverUrl: answer.serverUrl,
        token: answer.participantToken,
        expiresAt: answer.expiresAt * 1000,
      },
    };
  } catch (error) {
    if (error instanceof EdgeError && error.cause instanceof TokenAttemptTimeout) {
      return {
        ok: false,
        problem: { code: 'connect_failed', message: t.errorTokenTimeout },
        error,
      };
    }
    return {
      ok: false,
      problem: tokenProblem(error, options.tokenUrl, globalThis.location?.href, t),
      error,
    };
  }
}
