/**
 * Call tokens: what the page's `OpenAIRealtimeWebRTC` presents to `POST /api/voice/calls`, good for
 * one call. `ek_call_<payload>.<signature>`: the payload is base64url JSON `{ v: 1, sid, jti, exp,
 * cap }` (the reading's session id, a random id the call's Durable Object is named after, the expiry
 * in epoch seconds, the call's cap in seconds), signed with HMAC-SHA256.
 *
 * The key is derived from the upstream's own key (OpenAI's, or the local WebRTC reader's), which
 * only the edge holds: no new secret to set, and a token signed for one upstream is worthless at
 * the other. `ek_` because the browser SDK refuses any other key.
 */
import { z } from 'zod';
import { fromBase64Url, toBase64Url } from '../base64url.ts';
import type { SupportedLang } from '../../contracts/locale.ts';
import { SupportedLangSchema } from '../../contracts/locale-schema.ts';

export const CALL_TOKEN_PREFIX = 'ek_call_';

const Payload = z.object({
  v: z.literal(1),
  sid: z.string().min(1).max(100),
  jti: z.string().regex(/^[A-Za-z0-9]{16,64}$/),
  exp: z.number().int().positive(),
  /** The call's cap, seconds; 0 for none. */
  cap: z.number().int().min(0).max(86_400),
  /** The reading's checked language, when not English: the local reader speaks it. */
  lang: SupportedLangSchema.optional(),
});
export type CallTokenPayload = z.infer<typeof Payload>;

const encoder = new TextEncoder();

async function key(upstreamKey: string): Promise<CryptoKey> {
  const derived = await crypto.subtle.digest(
    'SHA-256',
    encoder.encode(`voice-agent-elements/call-token/v1:${upstreamKey}`),
  );
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function mintCallToken(
  upstreamKey: string,
  claims: { sessionId: string; ttlSeconds: number; capSeconds: number; lang?: SupportedLang },
  nowMs = Date.now(),
): Promise<{ token: string; payload: CallTokenPayload }> {
  const payload: CallTokenPayload = {
    v: 1,
    sid: claims.sessionId,
    jti: crypto.randomUUID().replace(/-/g, ''),
    exp: Math.floor(nowMs / 1000) + claims.ttlSeconds,
    cap: claims.capSeconds,
    ...(claims.lang && claims.lang !== 'en' ? { lang: claims.lang } : {}),
  };
  const body = `${CALL_TOKEN_PREFIX}${toBase64Url(encoder.encode(JSON.stringify(payload)))}`;
  const signature = await crypto.subtle.sign('HMAC', await key(upstreamKey), encoder.encode(body));
  return { token: `${body}.${toBase64Url(new Uint8Array(signature))}`, payload };
}

/** The token's claims, or why it is refused (in words the page can show). */
export async function verifyCallToken(
  upstreamKey: string,
  token: string | undefined,
  nowMs = Date.now(),
): Promise<{ ok: true; payload: CallTokenPayload } | { ok: false; message: string }> {
  const refused = { ok: false as const, message: 'This voice call token is not valid.' };
  if (!token?.startsWith(CALL_TOKEN_PREFIX) || token.length > 1000) return refused;
  const dot = token.lastIndexOf('.');
  const body = token.slice(0, dot);
  const signature = fromBase64Url(token.slice(dot + 1));
  if (dot < 0 || !signature) return refused;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await key(upstreamKey),
    signature,
    encoder.encode(body),
  );
  if (!valid) return refused;
  const bytes = fromBase64Url(body.slice(CALL_TOKEN_PREFIX.length));
  let parsed: ReturnType<typeof Payload.safeParse>;
  try {
    parsed = Payload.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return refused;
  }
  if (!parsed.success) return refused;
  if (parsed.data.exp * 1000 <= nowMs)
    return { ok: false, message: 'This voice call token has expired: start the reading again.' };
  return { ok: true, payload: parsed.data };
}
