/**
 * Asks the edge for a reading token (`POST /api/voice/token`) and checks the answer against the
 * contract. The token is short-lived (`ek_…`); the engine says whether it opens the offline local
 * reader (with its WebSocket `url`) or OpenAI. Errors come back as readable sentences.
 *
 * The edge is this page's origin unless an `apiBase` names another (an embed on a site owner's
 * page: that edge must list the site in `ALLOWED_ORIGINS`); see `shared/api-url.ts`.
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { API_PATHS } from '../../../contracts/api.ts';
import { type ReadingEngine, ReadingTokenResponse } from '../../../contracts/reading-token.ts';
import { describeError } from '../../events/index.ts';
import { EdgeClient, EdgeError, type RetryPolicy } from '../../shared/edge-client.ts';
import { type MicrophoneProblem, microphoneProblem } from '../../shared/microphone-error.ts';
import type { Modality } from '../agents/context.ts';
import { type ReadingStrings, READING_EN } from '../i18n/session-en.ts';

export type ReadingToken = ReadingTokenResponse;

/**
 * What a reading asks the token route for. `transport: 'websocket'` is a voice reading's fallback
 * where its WebRTC call through the edge could not connect.
 */
export interface ConnectRequest {
  mode: Modality;
  sessionId: string;
  transport?: 'websocket' | undefined;
  /** The reading's checked language (its facts'), so the offline reader answers in it. */
  lang?: SupportedLang | undefined;
}

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
  transport?: 'websocket' | undefined;
  /** The reading's checked language; English is not sent. */
  lang?: SupportedLang | undefined;
  /** The edge's origin; default '' (this page's). Ignored when `endpoint` is given. */
  apiBase?: string | undefined;
  /** The token route's full address; default `${apiBase}/api/voice/token`. */
  endpoint?: string | undefined;
  fetch?: typeof fetch | undefined;
  signal?: AbortSignal | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  /** The host page's Turnstile token, sent as `X-Turnstile-Token` (see `<tarot-reading>`). */
  turnstileToken?: string | undefined;
  /** The strings of the visitor's language for what fails (default English). */
  strings?: ReadingStrings | undefined;
}

/** The sentence in the strings for each edge error code a person can act on. */
const READABLE: Record<string, keyof ReadingStrings> = {
  rate_limited: 'rateLimited',
  forbidden_origin: 'forbiddenOrigin',
  not_configured: 'notConfigured',
  upstream_unavailable: 'upstreamUnavailable',
  upstream_busy: 'upstreamBusy',
  upstream_misconfigured: 'upstreamMisconfigured',
};

/** The sentence for an edge error `code`, in `t`'s words; undefined for a code it does not know. */
function readable(t: ReadingStrings, code: string): string | undefined {
  const key = READABLE[code];
  const words = key === undefined ? undefined : t[key];
  return typeof words === 'string' ? words : undefined;
}

/** The tarot's words for an edge error (`EdgeError`), keeping its code. */
export function readingErrorFrom(
  error: EdgeError,
  t: ReadingStrings = READING_EN,
): ReadingConnectError {
  switch (error.code) {
    case 'network':
      return new ReadingConnectError(
        error.foreignOrigin ? t.unreachableAt(error.foreignOrigin) : t.unreachable,
      );
    case 'invalid_response':
      return new ReadingConnectError(t.badToken);
    case 'http':
      return new ReadingConnectError(
        error.status === undefined ? t.serviceError : t.serviceAnswered(String(error.status)),
      );
    default:
      return new ReadingConnectError(readable(t, error.code) ?? error.message, error.code);
  }
}

/**
 * Asks the edge for a reading token through the shared edge client (which retries network
 * failures, 429 and 5xx with backoff), and words what fails for a person reading the tarot.
 */
export async function requestReadingToken(options: RequestTokenOptions): Promise<ReadingToken> {
  const client = new EdgeClient({
    apiBase: options.apiBase,
    fetch: options.fetch,
    retry: options.retry,
  });
  try {
    return await client.post(
      options.endpoint ?? API_PATHS.readingToken,
      {
        sessionId: options.sessionId,
        mode: options.mode,
        ...(options.transport ? { transport: options.transport } : {}),
        ...(options.lang && options.lang !== 'en' ? { lang: options.lang } : {}),
      },
      ReadingTokenResponse,
      { signal: options.signal, turnstileToken: options.turnstileToken },
    );
  } catch (error) {
    if (error instanceof EdgeError) throw readingErrorFrom(error, options.strings);
    throw error;
  }
}

/** What a person reads when the browser will not give the page the microphone. */
export function microphoneMessage(
  problem: MicrophoneProblem,
  t: ReadingStrings = READING_EN,
): string {
  return problem === 'blocked' ? t.micBlocked : problem === 'busy' ? t.micBusy : t.micMissing;
}

/** The English sentences, by problem. */
export const MICROPHONE_MESSAGES: Record<MicrophoneProblem, string> = {
  blocked: READING_EN.micBlocked,
  busy: READING_EN.micBusy,
  missing: READING_EN.micMissing,
};

export { microphoneProblem, type MicrophoneProblem };

/** The edge refused a voice call's token (401 from `/api/voice/calls`): used, forged or expired. */
export const CALL_PASS_REFUSED = READING_EN.callPassRefused;
/** A voice call through the edge was hung up at the reading's minute cap. */
export const TIME_LIMIT_ENDED = READING_EN.timeLimitEnded;

/**
 * Whether a voice call failed in WebRTC itself (ICE, DTLS, the data channel, a network that blocks
 * UDP), where the WebSocket may still get through. A refused token or a busy service is not: those
 * are said to the person as they are.
 */
export function webRtcCannotConnect(error: unknown): boolean {
  const message = describeError(error, '');
  if (/Realtime call request failed with status/.test(message)) return false;
  return /RTCPeerConnection|\bICE\b|DTLS|peer connection|data ?channel|WebRTC|timed? ?out/i.test(
    message,
  );
}

/**
 * A sentence for a failed connection, fitted to what failed: the token endpoint (its error code),
 * the network, a refused WebSocket handshake (a bare DOM `Event`), the WebRTC call setup
 * (`Realtime call request failed with status N`, an unparsable answer; `viaCall`: the call went
 * through the edge's `/api/voice/calls`, whose 401 is its call token refused), or the microphone.
 */
export function readableConnectError(
  error: unknown,
  engine: ReadingEngine | undefined,
  viaCall = false,
  t: ReadingStrings = READING_EN,
): string {
  if (error instanceof ReadingConnectError) return error.message;
  const microphone = microphoneProblem(error);
  if (microphone) return microphoneMessage(microphone, t);
  const fallback = engine === 'local' ? t.offlineRefused : t.couldNotConnect;
  const message = describeError(error, '');
  if (!message) return fallback;
  const status = /Realtime call request failed with status (\d+)/.exec(message)?.[1];
  if (status) {
    const code = Number(status);
    if (code === 401 && viaCall) return t.callPassRefused;
    if (code === 401 || code === 403) return t.keyRefused;
    if (code === 429) return t.upstreamBusy;
    if (code >= 500) return t.upstreamUnavailable;
    return t.webRtcFailed;
  }
  if (/SessionDescription|\bSDP\b/i.test(message)) return t.keyRefused;
  if (/RTCPeerConnection|\bICE\b|DTLS|peer connection|data ?channel|WebRTC/i.test(message)) {
    return t.webRtcFailed;
  }
  if (/Failed to fetch|NetworkError|network/i.test(message)) {
    return t.unreachable;
  }
  return message;
}
