/**
 * Asks the edge for a reading token (`POST /api/voice/token`) and checks the answer against the
 * contract. The token is short-lived (`ek_…`); the engine says whether it opens the offline local
 * reader (with its WebSocket `url`) or OpenAI. Errors come back as readable sentences.
 *
 * The edge is this page's origin unless an `apiBase` names another (an embed on a site owner's
 * page: that edge must list the site in `ALLOWED_ORIGINS`); see `edge-api.ts`.
 */
import { ApiErrorBody } from '../../../contracts/api.ts';
import { type VoiceEngine, VoiceTokenResponse } from '../../../contracts/voice.ts';
import { describeError } from '../../events/index.ts';
import type { Modality } from './context.ts';
import { TOKEN_PATH, apiUrl } from './edge-api.ts';

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

/** The origin of `url` when it is another than this page's; undefined for the page's own. */
function foreignOrigin(url: string): string | undefined {
  const here = globalThis.location?.origin;
  try {
    const origin = new URL(url, globalThis.location?.href).origin;
    return origin === here ? undefined : origin;
  } catch {
    return undefined;
  }
}

export interface RequestTokenOptions {
  mode: Modality;
  sessionId: string;
  /** The edge's origin; default '' (this page's). Ignored when `endpoint` is given. */
  apiBase?: string;
  /** The token route's full address; default `${apiBase}/api/voice/token`. */
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
  const endpoint = options.endpoint ?? apiUrl(options.apiBase, TOKEN_PATH);
  let response: Response;
  try {
    response = await doFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: options.sessionId, mode: options.mode }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    // A browser hides why a cross-origin request failed: the edge may be down, or it may have
    // refused this site before answering (its origin allowlist), so say both.
    const foreign = foreignOrigin(endpoint);
    throw new ReadingConnectError(
      foreign
        ? `Could not reach the reading service at ${foreign}. It may be offline, or it may not accept readings from this site.`
        : 'Could not reach the reading service. Check your connection and try again.',
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

/** What a person reads when the browser will not give the page the microphone. */
export const MICROPHONE_MESSAGES = {
  blocked:
    'The microphone is blocked for this site. Allow it in your browser’s site settings and try again, or switch to text chat.',
  busy: 'Your microphone is in use by another app or could not be started. Close the other app and try again, or switch to text chat.',
  missing: 'No microphone was found. Connect one and try again, or switch to text chat.',
} as const;

export type MicrophoneProblem = keyof typeof MICROPHONE_MESSAGES;

/** Which microphone problem a `getUserMedia` rejection is, or undefined when it is not one. */
export function microphoneProblem(error: unknown): MicrophoneProblem | undefined {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'blocked';
  }
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') {
    return 'busy';
  }
  if (
    name === 'NotFoundError' ||
    name === 'OverconstrainedError' ||
    name === 'DevicesNotFoundError'
  ) {
    return 'missing';
  }
  return undefined;
}

const WEBRTC_FAILED =
  'The voice connection could not be set up (WebRTC failed). Check your network or firewall and retry, or switch to text mode.';
const KEY_REFUSED =
  'The voice service did not accept this session’s key. Retry to get a fresh one.';

/**
 * A sentence for a failed connection, fitted to what failed: the token endpoint (its error code),
 * the network, a refused WebSocket handshake (a bare DOM `Event`), the WebRTC call setup
 * (`Realtime call request failed with status N`, an unparsable answer), or the microphone.
 */
export function readableConnectError(error: unknown, engine: VoiceEngine | undefined): string {
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
