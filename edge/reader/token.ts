/**
 * Short-lived tokens for the local reader's WebSocket: `ek_local_<payload>.<signature>`, where the
 * payload is base64url JSON `{ v: 1, sid, exp }` (reading session id, expiry in epoch seconds) and
 * the signature is HMAC-SHA256 over `ek_local_<payload>` with `READER_TOKEN_SECRET`.
 *
 * The `ek_` prefix is there because the browser SDK refuses any other key. Only WebCrypto is used,
 * so the same code signs in workerd and verifies in Node. Like an OpenAI client secret, a token
 * only gates opening a session: a session already open outlives it. Tokens are not single-use (the
 * edge keeps no state between requests); the short lifetime is what bounds replay.
 */
import { z } from 'zod';

export const READER_TOKEN_PREFIX = 'ek_local_';

/**
 * The secret used when `READER_TOKEN_SECRET` is unset, so `wrangler dev` works with no setup. It
 * is public (it is in this file), so it only keeps strangers' clients from guessing the token
 * format; that is acceptable because all it guards is the offline reader, which holds no secrets
 * and calls nothing. Set `READER_TOKEN_SECRET` in production.
 */
export const DEV_READER_TOKEN_SECRET = 'voice-agent-elements/local-reader/dev-secret-v1';

/** Default token lifetime, seconds (`VOICE_TOKEN_TTL_SECONDS` overrides it). */
export const DEFAULT_TOKEN_TTL_SECONDS = 60;

const TokenPayload = z.object({
  v: z.literal(1),
  sid: z.string().min(1).max(100),
  exp: z.number().int().positive(),
});
type TokenPayload = z.infer<typeof TokenPayload>;

export interface MintedReaderToken {
  token: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export type ReaderTokenCheck =
  | { ok: true; sessionId: string; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

/** The secret from the environment, or the documented development constant. */
export function readerSecret(setting: string | undefined): string {
  return setting && setting.trim() !== '' ? setting : DEV_READER_TOKEN_SECRET;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const padded =
    text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
}

/** Signs a token for `sessionId` that expires `ttlSeconds` after `nowMs`. */
export async function mintReaderToken(options: {
  secret: string;
  sessionId: string;
  ttlSeconds?: number;
  nowMs?: number;
}): Promise<MintedReaderToken> {
  const nowSeconds = Math.floor((options.nowMs ?? Date.now()) / 1000);
  const payload: TokenPayload = {
    v: 1,
    sid: options.sessionId,
    exp: nowSeconds + (options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS),
  };
  const signed = READER_TOKEN_PREFIX + toBase64Url(encoder.encode(JSON.stringify(payload)));
  const key = await hmacKey(options.secret, 'sign');
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(signed)));
  return { token: `${signed}.${toBase64Url(signature)}`, expiresAt: payload.exp };
}

/**
 * Checks a token's signature (in constant time, through WebCrypto) and then its expiry. A token
 * is good up to and including its `exp` second.
 */
export async function verifyReaderToken(
  token: string,
  secret: string,
  nowMs: number = Date.now(),
): Promise<ReaderTokenCheck> {
  if (!token.startsWith(READER_TOKEN_PREFIX) || token.length > 1000) {
    return { ok: false, reason: 'malformed' };
  }
  const dot = token.lastIndexOf('.');
  if (dot <= READER_TOKEN_PREFIX.length) return { ok: false, reason: 'malformed' };
  const signed = token.slice(0, dot);
  const signature = fromBase64Url(token.slice(dot + 1));
  const payloadBytes = fromBase64Url(signed.slice(READER_TOKEN_PREFIX.length));
  if (!signature || !payloadBytes) return { ok: false, reason: 'malformed' };

  const key = await hmacKey(secret, 'verify');
  const valid = await crypto.subtle.verify('HMAC', key, signature, encoder.encode(signed));
  if (!valid) return { ok: false, reason: 'bad_signature' };

  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(payloadBytes));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const payload = TokenPayload.safeParse(json);
  if (!payload.success) return { ok: false, reason: 'malformed' };
  if (Math.floor(nowMs / 1000) > payload.data.exp) return { ok: false, reason: 'expired' };
  return { ok: true, sessionId: payload.data.sid, expiresAt: payload.data.exp };
}
