/**
 * The one way from a browser element to the edge: where it is (`apiBase`, an origin such as
 * `https://edge.example`, or this page's origin when empty), its routes (`contracts/api.ts`
 * `API_PATHS`), its answers checked against the contract, its one error shape (`apiErrorOf`)
 * turned into an `EdgeError` with a `code` and a `status`, and a retry with backoff for what may
 * pass (a network failure, 429, 5xx), honouring `Retry-After`. Every call takes an `AbortSignal`;
 * aborting stops the request and any wait before a retry.
 *
 * Both experiences use it: the tarot for its reading token and health check (checked with their
 * zod schemas, which its session loads anyway), BMO for its LiveKit token (checked without zod,
 * so BMO's session carries none). Each rewords `EdgeError` in its own voice where it needs to; the
 * default message already reads as a sentence.
 */
import { API_PATHS, TURNSTILE_HEADER } from '../../contracts/api.ts';
import { type ErrorCode, apiErrorOf } from '../../contracts/api-error.ts';
import type { Parser } from '../../contracts/checks.ts';
import {
  type LiveKitTokenRequest,
  type LiveKitTokenResponse,
  liveKitTokenResponseOf,
} from '../../contracts/livekit.ts';
import { apiUrl } from './api-url.ts';
import { trimTrailingSlashes } from './trim-slashes.ts';

export { apiUrl };

/**
 * What went wrong, by kind: one of the edge's `ErrorCode`s when it answered with its error shape,
 * `http` for another error status, `network` when it could not be reached, `invalid_response` for
 * an answer that is not the contract's.
 */
export type EdgeErrorCode = ErrorCode | 'http' | 'network' | 'invalid_response';

/** A failed call to the edge, readable as is (`message`), with what a program needs to decide. */
export class EdgeError extends Error {
  readonly code: EdgeErrorCode;
  /** The HTTP status; undefined when there was no answer. */
  readonly status: number | undefined;
  /** The edge's own message, when it sent one. */
  readonly detail: string | undefined;
  /** How long the edge asked to wait before trying again (`Retry-After`), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** The edge's origin when it is another than this page's (a browser hides why those fail). */
  readonly foreignOrigin: string | undefined;

  constructor(
    message: string,
    init: {
      code: EdgeErrorCode;
      status?: number | undefined;
      detail?: string | undefined;
      retryAfterMs?: number | undefined;
      foreignOrigin?: string | undefined;
      cause?: unknown;
    },
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'EdgeError';
    this.code = init.code;
    this.status = init.status;
    this.detail = init.detail;
    this.retryAfterMs = init.retryAfterMs;
    this.foreignOrigin = init.foreignOrigin;
  }
}

export interface RetryPolicy {
  /** Attempts in all, the first included; 1 turns retrying off. Default 3. */
  attempts: number;
  /** The wait before the first retry; it doubles each time (with jitter). Default 300 ms. */
  baseDelayMs: number;
  /** The longest wait the client will sit through, its own or a `Retry-After`. Default 4 s. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxDelayMs: 4000 };

export interface EdgeClientOptions {
  /** The edge's origin; default '' (this page's). Trailing slashes are ignored. */
  apiBase?: string | undefined;
  fetch?: typeof fetch | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  /** Waits `ms` or rejects when `signal` aborts; injectable for tests. */
  sleep?: ((ms: number, signal: AbortSignal | undefined) => Promise<void>) | undefined;
  /** A number in [0, 1) for jitter; `Math.random` by default. */
  random?: (() => number) | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** A Turnstile token from the host page's widget, sent as `X-Turnstile-Token` when not empty. */
  turnstileToken?: string | undefined;
}

/** The origin of `url` when it is another than this page's; undefined for the page's own. */
export function foreignOriginOf(url: string): string | undefined {
  const here = globalThis.location?.origin;
  try {
    const origin = new URL(url, globalThis.location?.href).origin;
    return origin === here ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; undefined when absent or odd. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Whether a status may pass on its own: too many requests, or the server's trouble. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function defaultSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      if (signal) reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function unreachable(url: string, cause: unknown): EdgeError {
  // A browser hides why a cross-origin request failed: the edge may be down, or it may have
  // refused this site before answering (its origin allowlist), so say both.
  const foreign = foreignOriginOf(url);
  return new EdgeError(
    foreign
      ? `Could not reach the server at ${foreign}. It may be offline, or it may not accept requests from this site.`
      : 'Could not reach the server. Check your connection and try again.',
    { code: 'network', foreignOrigin: foreign, cause },
  );
}

async function errorFrom(response: Response, url: string): Promise<EdgeError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = apiErrorOf(body);
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const init = {
    status: response.status,
    retryAfterMs,
    foreignOrigin: foreignOriginOf(url),
  };
  if (error) {
    const { code, message } = error;
    return new EdgeError(message, { ...init, code, detail: message });
  }
  return new EdgeError(`The server answered ${response.status}.`, { ...init, code: 'http' });
}

/** The LiveKit token answer, read by the contract's zod-free check. */
const LIVEKIT_TOKEN_ANSWER: Parser<LiveKitTokenResponse> = {
  safeParse(value) {
    const data = liveKitTokenResponseOf(value);
    return data ? { success: true, data } : { success: false };
  },
};

/** A small client for the edge's routes; one per element (it holds no session). */
export class EdgeClient {
  readonly apiBase: string;
  readonly #fetch: typeof fetch;
  readonly #retry: RetryPolicy;
  readonly #sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  readonly #random: () => number;

  constructor(options: EdgeClientOptions = {}) {
    this.apiBase = trimTrailingSlashes((options.apiBase ?? '').trim());
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#sleep = options.sleep ?? defaultSleep;
    this.#random = options.random ?? Math.random;
  }

  /** The full address of an edge path (or an absolute URL, which is kept as is). */
  url(path: string): string {
    return /^[a-z][a-z\d+.-]*:/i.test(path) ? path : apiUrl(this.apiBase, path);
  }

  /**
   * `POST /api/livekit/token`: a participant token for a fresh BMO room. `url` overrides the
   * route (an element's `token-url`).
   */
  livekitToken(
    body: LiveKitTokenRequest,
    options: CallOptions & { url?: string | undefined } = {},
  ): Promise<LiveKitTokenResponse> {
    return this.post(options.url ?? API_PATHS.livekitToken, body, LIVEKIT_TOKEN_ANSWER, options);
  }

  /** GET `path` (or an absolute URL) and parse the answer with `schema`. */
  get<T>(
    path: string,
    schema: Parser<T>,
    options: CallOptions & { headers?: Record<string, string> | undefined } = {},
  ): Promise<T> {
    return this.#call(
      path,
      { method: 'GET', headers: options.headers ?? {} },
      schema,
      options.signal,
    );
  }

  /** POST `body` as JSON to `path` (or an absolute URL) and parse the answer with `schema`. */
  post<T>(path: string, body: unknown, schema: Parser<T>, options: CallOptions = {}): Promise<T> {
    return this.#call(
      path,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.turnstileToken ? { [TURNSTILE_HEADER]: options.turnstileToken } : {}),
        },
        body: JSON.stringify(body),
      },
      schema,
      options.signal,
    );
  }

  async #call<T>(
    path: string,
    init: RequestInit,
    schema: Parser<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const url = this.url(path);
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw abortReason(signal);
      const last = attempt >= this.#retry.attempts;
      let failure: EdgeError;
      try {
        const response = await this.#fetch(url, { ...init, ...(signal ? { signal } : {}) });
        if (response.ok) return await this.#parse(response, schema);
        failure = await errorFrom(response, url);
        // A server that says it is not configured will not be in a second: no retry.
        const unconfigured = failure.code === 'not_configured' || failure.code === 'misconfigured';
        if (!isRetryableStatus(response.status) || unconfigured) throw failure;
      } catch (error) {
        if (signal?.aborted) throw abortReason(signal);
        if (error instanceof EdgeError) throw error;
        failure = unreachable(url, error);
      }
      if (last) throw failure;
      const wait = failure.retryAfterMs ?? this.#backoff(attempt);
      // A server that asks for a longer wait than a person would sit through gets no retry.
      if (wait > this.#retry.maxDelayMs) throw failure;
      await this.#sleep(wait, signal);
    }
  }

  #backoff(attempt: number): number {
    const exponential = this.#retry.baseDelayMs * 2 ** (attempt - 1);
    // Full jitter on the upper half, so many pages retrying at once spread out.
    const delay = exponential / 2 + (this.#random() * exponential) / 2;
    return Math.min(Math.round(delay), this.#retry.maxDelayMs);
  }

  async #parse<T>(response: Response, schema: Parser<T>): Promise<T> {
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new EdgeError('The server sent an answer this page cannot read.', {
        code: 'invalid_response',
        status: response.status,
        cause,
      });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new EdgeError('The server sent an answer this page cannot use.', {
        code: 'invalid_response',
        status: response.status,
      });
    }
    return parsed.data;
  }
}
