/**
 * Asks the edge for a reading token (`POST /api/voice/token`) and checks the answer against the
 * contract. The token is short-lived (`ek_…`); the engine says whether it opens the offline local
 * reader (with its WebSocket `url`) or OpenAI. Errors come back as readable sentences.
 *
 * The edge is this page's origin unless an `apiBase` names another (an embed on a site owner's
 * page: that edge must list the site in `ALLOWED_ORIGINS`); see `edge-api.ts`.
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import type { VoiceEngine, VoiceTokenResponse } from '../../../contracts/voice.ts';
import { describeError } from '../../events/index.ts';
import { EdgeClient, EdgeError, type RetryPolicy } from '../../shared/edge-client.ts';
import { type MicrophoneProblem, microphoneProblem } from '../../shared/microphone-error.ts';
import type { Modality } from '../agents/context.ts';

export type ReadingConnection = VoiceTokenResponse;

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
}

const READABLE: Record<string, string> = {
  rate_limited: 'Too many readings were started from here just now. Wait a minute and try again.',
  forbidden_origin: 'This page is not allowed to start readings on this server.',
  not_configured: 'The reading service is not set up on this server.',
  upstream_unavailable: 'The reading service is unavailable right now. Try again in a moment.',
  upstream_busy: 'The reading service is busy right now. Try again in a moment.',
  upstream_misconfigured: 'The reading service is misconfigured on this server.',
};

/** The tarot's words for an edge error (`EdgeError`), keeping its code. */
export function readingErrorFrom(error: EdgeError): ReadingConnectError {
  switch (error.code) {
    case 'network':
      return new ReadingConnectError(
        error.foreignOrigin
          ? `Could not reach the reading service at ${error.foreignOrigin}. It may be offline, or it may not accept readings from this site.`
          : 'Could not reach the reading service. Check your connection and try again.',
      );
    case 'invalid_response':
      return new ReadingConnectError('The reading service sent a token this page cannot use.');
    case 'http':
      return new ReadingConnectError(`The reading service answered ${error.status ?? 'an error'}.`);
    default:
      return new ReadingConnectError(READABLE[error.code] ?? error.message, error.code);
  }
}

/**
 * Asks the edge for a reading token through the shared edge client (which retries network
 * failures, 429 and 5xx with backoff), and words what fails for a person reading the tarot.
 */
export async function requestReadingToken(
  options: RequestTokenOptions,
): Promise<ReadingConnection> {
  const client = new EdgeClient({
    apiBase: options.apiBase,
    fetch: options.fetch,
    retry: options.retry,
  });
  try {
    return await client.voiceToken(
      {
        sessionId: options.sessionId,
        mode: options.mode,
        ...(options.transport ? { transport: options.transport } : {}),
        ...(options.lang && options.lang !== 'en' ? { lang: options.lang } : {}),
      },
      {
        signal: options.signal,
        turnstileToken: options.turnstileToken,
        ...(options.endpoint ? { url: options.endpoint } : {}),
      },
    );
  } catch (error) {
    if (error instanceof EdgeError) throw readingErrorFrom(error);
    throw error;
  }
}

/** What a person reads when the browser will not give the page the microphone. */
export const MICROPHONE_MESSAGES: Record<MicrophoneProblem, string> = {
  blocked:
    'The microphone is blocked for this site. Allow it in your browser’s site settings and try again, or switch to text chat.',
  busy: 'Your microphone is in use by another app or could not be started. Close the other app and try again, or switch to text chat.',
  missing: 'No microphone was found. Connect one and try again, or switch to text chat.',
};

export { microphoneProblem, type MicrophoneProblem };

const WEBRTC_FAILED =
  'The voice connection could not be set up (WebRTC failed). Check your network or firewall and retry, or switch to text mode.';
/**
 * The edge refused a voice call's token (401 from `/api/voice/calls`): used once already, forged,
 * or past its time. A new start mints a new one.
 */
export const CALL_PASS_REFUSED =
  "This voice reading's pass was already used or has expired. Start again.";
/** A voice call through the edge was hung up at the reading's minute cap. */
export const TIME_LIMIT_ENDED = 'This reading has reached its time limit and has ended.';
const KEY_REFUSED =
  'The voice service did not accept this session’s key. Retry to get a fresh one.';

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
  engine: VoiceEngine | undefined,
  viaCall = false,
): string {
  if (error instanceof ReadingConnectError) return error.message;
  const microphone = microphoneProblem(error);
  if (microphone) return MICROPHONE_MESSAGES[microphone];
  const fallback =
    engine === 'local'
      ? 'The offline reader refused the connection. Try again in a moment.'
      : 'Could not connect to the reader. Check your connection and try again.';
  const message = describeError(error, '');
  if (!message) return fallback;
  const status = /Realtime call request failed with status (\d+)/.exec(message)?.[1];
  if (status) {
    const code = Number(status);
    if (code === 401 && viaCall) return CALL_PASS_REFUSED;
    if (code === 401 || code === 403) return KEY_REFUSED;
    if (code === 429) return READABLE['upstream_busy'] ?? WEBRTC_FAILED;
    if (code >= 500) return READABLE['upstream_unavailable'] ?? WEBRTC_FAILED;
    return WEBRTC_FAILED;
  }
  if (/SessionDescription|\bSDP\b/i.test(message)) return KEY_REFUSED;
  if (/RTCPeerConnection|\bICE\b|DTLS|peer connection|data ?channel|WebRTC/i.test(message)) {
    return WEBRTC_FAILED;
  }
  if (/Failed to fetch|NetworkError|network/i.test(message)) {
    return 'Could not reach the reading service. Check your connection and try again.';
  }
  return message;
}
