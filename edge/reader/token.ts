/**
 * Short-lived tokens for the local reader's WebSocket: `ek_local_<payload>.<signature>`, where the
 * payload is base64url JSON `{ v: 2, sid, jti, iat, exp, lang? }` (reading session id, a random
 * token id, issue and expiry times in epoch seconds, the reading's language when not English) and the signature is HMAC-SHA256 over
 * `ek_local_<payload>` with `READER_TOKEN_SECRET`.
 *
 * The `ek_` prefix is there because the browser SDK refuses any other key. Only WebCrypto is used,
 * so the same code signs in workerd and verifies in Node. Like an OpenAI client secret, a token
 * only gates opening a session: a session already open outlives it (until its own caps end it).
 * A token opens one socket: the reader's Durable Object is named after its `jti` and refuses a
 * second opening. Verification refuses a token that claims to live longer than
 * MAX_READER_TOKEN_SECONDS, whoever signed it.
 *
 * Secrets: `READER_TOKEN_SECRET`, or, in local development only, the development constant below.
 * Anywhere else there is no secret, so no reader (`readerSecretFor` answers undefined).
 */
import { z } from 'zod';
import type { SupportedLang } from '../../contracts/locale.ts';
import { SupportedLangSchema } from '../../contracts/locale-schema.ts';
import { type Bindings, isLocalDevelopment } from '../env.ts';
import { fromBase64Url, toBase64Url } from '../base64url.ts';

export const READER_TOKEN_PREFIX = 'ek_local_';

/**
 * The secret used in local development (`npm start`, `npm run dev`, the e2e harness) when
 * `READER_TOKEN_SECRET` is unset, so a fresh clone works with no setup. It is public (it is in this
 * file), so it is never trusted anywhere else.
 */
export const DEV_READER_TOKEN_SECRET = 'voice-agent-elements/local-reader/dev-secret-v1';

/** Default token lifetime, seconds (`VOICE_TOKEN_TTL_SECONDS` overrides it). */
export const DEFAULT_TOKEN_TTL_SECONDS = 60;
/** The longest a reader token may live, seconds: longer ones are not minted, and refused. */
export const MAX_READER_TOKEN_SECONDS = 600;
/** Clock skew tolerated between the minting and the verifying machine, seconds. */
const CLOCK_SKEW_SECONDS = 30;

const TokenPayload = z.object({
  v: z.literal(2),
  sid: z.string().min(1).max(100),
  jti: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  iat: z.number().int().positive(),
  exp: z.number().int().positive(),
  /** The reading's checked language; a tag outside the closed list reads as English. */
  lang: SupportedLangSchema.optional().catch(undefined),
});
type TokenPayload = z.infer<typeof TokenPayload>;

export interface MintedReaderToken {
  token: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export type ReaderTokenCheck =
  | { ok: true; sessionId: string; tokenId: string; expiresAt: number; lang: SupportedLang }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' | 'too_long_lived' };

/**
 * The secret reader tokens are signed with: `READER_TOKEN_SECRET`; in local development, the
 * development constant when it is unset; anywhere else, none (so no reader).
 */
export function readerSecretFor(env: Bindings | undefined): string | undefined {
  const setting = env?.READER_TOKEN_SECRET;
  if (setting && setting.trim() !== '') return setting;
  return isLocalDevelopment(env) ? DEV_READER_TOKEN_SECRET : undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Imported keys per isolate, by use and secret, so the same secret is not imported per request.
 * Only imported keys are kept (never a pending promise, which belongs to the request that made it).
 */
const hmacKeys = new Map<string, CryptoKey>();
/** An isolate holds one secret (two across a rotation); past this the cache starts over. */
const MAX_CACHED_KEYS = 4;

/** The secret as a non-extractable WebCrypto key for one use, imported once per isolate. */
async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  const id = `${usage}:${secret}`;
  const cached = hmacKeys.get(id);
  if (cached) return cached;
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
  if (hmacKeys.size >= MAX_CACHED_KEYS) hmacKeys.clear();
  hmacKeys.set(id, key);
  return key;
}

/** Signs a token for `sessionId` that expires `ttlSeconds` after `nowMs`. */
export async function mintReaderToken(options: {
  secret: string;
  sessionId: string;
  ttlSeconds?: number;
  nowMs?: number;
  /** The reading's checked language; English is left out of the token. */
  lang?: SupportedLang | undefined;
}): Promise<MintedReaderToken> {
  const nowSeconds = Math.floor((options.nowMs ?? Date.now()) / 1000);
  const ttl = Math.min(options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS, MAX_READER_TOKEN_SECONDS);
  const payload: TokenPayload = {
    v: 2,
    sid: options.sessionId,
    jti: toBase64Url(crypto.getRandomValues(new Uint8Array(18))),
    iat: nowSeconds,
    exp: nowSeconds + ttl,
    ...(options.lang && options.lang !== 'en' ? { lang: options.lang } : {}),
  };
  const signed = READER_TOKEN_PREFIX + toBase64Url(encoder.encode(JSON.stringify(payload)));
  const key = await hmacKey(options.secret, 'sign');
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(signed)));
  return { token: `${signed}.${toBase64Url(signature)}`, expiresAt: payload.exp };
}

/**
 * Checks a token's signature (in constant time, through WebCrypto), then its lifetime (at most
 * MAX_READER_TOKEN_SECONDS) and its expiry. A token is good up to and including its `exp` second.
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
  const now = Math.floor(nowMs / 1000);
  const { exp, iat } = payload.data;
  if (
    exp - iat > MAX_READER_TOKEN_SECONDS ||
    exp > now + MAX_READER_TOKEN_SECONDS + CLOCK_SKEW_SECONDS
  ) {
    return { ok: false, reason: 'too_long_lived' };
  }
  if (now > exp) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    sessionId: payload.data.sid,
    tokenId: payload.data.jti,
    expiresAt: exp,
    lang: payload.data.lang ?? 'en',
  };
}
