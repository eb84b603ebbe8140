/**
 * The local reader's WebSocket handshake, shared by the workerd route and the Node host.
 *
 * A browser's SDK offers the subprotocols `realtime`, `openai-insecure-api-key.<key>` and
 * `openai-agents-sdk.<version>` and fails the handshake unless the server selects `realtime`.
 * Node's SDK offers none and sends `Authorization: Bearer <key>`; selecting a subprotocol it did
 * not offer makes its `connect()` reject. So: read the key from either place, and select
 * `realtime` only when it was offered.
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import { verifyReaderToken } from './token.ts';

export const REALTIME_SUBPROTOCOL = 'realtime';
export const KEY_SUBPROTOCOL_PREFIX = 'openai-insecure-api-key.';

export interface HandshakeHeaders {
  /** `Sec-WebSocket-Protocol`, as sent (comma-separated). */
  protocol?: string | null;
  authorization?: string | null;
}

export interface HandshakeCredentials {
  token: string | undefined;
  /** Whether the client offered `realtime` (and so must get it back). */
  offersRealtime: boolean;
}

export function readHandshake(headers: HandshakeHeaders): HandshakeCredentials {
  const offered = (headers.protocol ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const keyEntry = offered.find((entry) => entry.startsWith(KEY_SUBPROTOCOL_PREFIX));
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return {
    token: keyEntry ? keyEntry.slice(KEY_SUBPROTOCOL_PREFIX.length) : bearer?.[1],
    offersRealtime: offered.includes(REALTIME_SUBPROTOCOL),
  };
}

export type HandshakeResult =
  | {
      ok: true;
      sessionId: string;
      /** The token's own id: the one socket it opens is named after it. */
      tokenId: string;
      expiresAt: number;
      /** The reading's language, as the token carries it. */
      lang: SupportedLang;
      protocol: string | undefined;
    }
  | { ok: false; message: string };

/** Decides whether to upgrade: a valid, unexpired reader token is required. */
export async function authorizeHandshake(
  headers: HandshakeHeaders,
  secret: string,
  nowMs: number = Date.now(),
): Promise<HandshakeResult> {
  const { token, offersRealtime } = readHandshake(headers);
  if (!token) {
    return {
      ok: false,
      message:
        'A reader token is required: send it as the subprotocol openai-insecure-api-key.<token> or as Authorization: Bearer <token>.',
    };
  }
  const check = await verifyReaderToken(token, secret, nowMs);
  if (!check.ok) {
    const message =
      check.reason === 'expired'
        ? 'The reader token has expired: ask POST /api/voice/token for a new one.'
        : 'The reader token is not valid.';
    return { ok: false, message };
  }
  return {
    ok: true,
    sessionId: check.sessionId,
    tokenId: check.tokenId,
    expiresAt: check.expiresAt,
    lang: check.lang,
    protocol: offersRealtime ? REALTIME_SUBPROTOCOL : undefined,
  };
}
