/**
 * Our tokens for a reading through the upstream, good for one session each: a call token, which
 * the page's `OpenAIRealtimeWebRTC` presents to `POST /api/voice/calls`, and a relay token, which
 * its `OpenAIRealtimeWebSocket` presents to the relay's WebSocket (`/api/voice/realtime`).
 * `ek_<kind>_<payload>.<signature>`: the payload is base64url JSON `{ v: 1, sid, jti, exp, cap,
 * tok, mode, lang?, cli? }` (the reading's session id, a random id the session's Durable Object is
 * named after, the expiry in epoch seconds, the session's minute cap in seconds and its token
 * budget, 0 for none, the reading's modality, the client that paid for it), signed with
 * HMAC-SHA256. A token bound to a client opens its session for that client only: one bought by a
 * page cannot be handed to a script elsewhere.
 *
 * The key is derived from the upstream's own key (OpenAI's, or the local WebRTC reader's), which
 * only the edge holds, and from the kind: no new secret to set, a token signed for one upstream is
 * worthless at the other, and a call token opens no relay session (nor the other way round). `ek_`
 * because the browser SDK refuses any other key.
 */
import { z } from 'zod';
import { fromBase64Url, toBase64Url } from '../base64url.ts';
import type { SupportedLang } from '../../contracts/locale.ts';
import { SupportedLangSchema } from '../../contracts/locale-schema.ts';
import { Modality } from '../../contracts/reading-token.ts';

export type SessionTokenKind = 'call' | 'relay';

export const SESSION_TOKEN_PREFIX: Record<SessionTokenKind, string> = {
  call: 'ek_call_',
  relay: 'ek_relay_',
};

const Payload = z.object({
  v: z.literal(1),
  sid: z.string().min(1).max(100),
  jti: z.string().regex(/^[A-Za-z0-9]{16,64}$/),
  exp: z.number().int().positive(),
  /** The session's minute cap, seconds; 0 for none. */
  cap: z.number().int().min(0).max(86_400),
  /** The session's token budget (input and output tokens, as the upstream counts them); 0 for none. */
  tok: z.number().int().min(0).max(100_000_000).default(0),
  /** A voice or a text reading: the relay pins its output modality. */
  mode: Modality.default('voice'),
  /** The reading's checked language, when not English: the local reader speaks it. */
  lang: SupportedLangSchema.optional(),
  /** The client that paid for it (`clientTag`): only that client may open its session. */
  cli: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
});
export type SessionTokenPayload = z.infer<typeof Payload>;

export interface SessionTokenClaims {
  sessionId: string;
  ttlSeconds: number;
  /** The minute cap, seconds; 0 for none. */
  capSeconds: number;
  /** The token budget; 0 or absent for none. */
  maxTokens?: number | undefined;
  mode?: Modality | undefined;
  lang?: SupportedLang | undefined;
  /** The client's key (client.ts `clientKey`) the token is bound to. */
  client?: string | undefined;
}

const encoder = new TextEncoder();

/** The HMAC key for one kind of token, derived from the upstream's key. */
async function key(kind: SessionTokenKind, upstreamKey: string): Promise<CryptoKey> {
  const derived = await crypto.subtle.digest(
    'SHA-256',
    encoder.encode(`voice-agent-elements/${kind}-token/v1:${upstreamKey}`),
  );
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function mintSessionToken(
  kind: SessionTokenKind,
  upstreamKey: string,
  claims: SessionTokenClaims,
  nowMs = Date.now(),
): Promise<{ token: string; payload: SessionTokenPayload }> {
  const payload: SessionTokenPayload = {
    v: 1,
    sid: claims.sessionId,
    jti: crypto.randomUUID().replace(/-/g, ''),
    exp: Math.floor(nowMs / 1000) + claims.ttlSeconds,
    cap: claims.capSeconds,
    tok: claims.maxTokens ?? 0,
    mode: claims.mode ?? 'voice',
    ...(claims.lang && claims.lang !== 'en' ? { lang: claims.lang } : {}),
    ...(claims.client !== undefined ? { cli: await clientTag(claims.client) } : {}),
  };
  const body = `${SESSION_TOKEN_PREFIX[kind]}${toBase64Url(encoder.encode(JSON.stringify(payload)))}`;
  const signature = await crypto.subtle.sign(
    'HMAC',
    await key(kind, upstreamKey),
    encoder.encode(body),
  );
  return { token: `${body}.${toBase64Url(new Uint8Array(signature))}`, payload };
}

/**
 * A client's key as a token carries it: 96 bits of its SHA-256, so the token binds the session to
 * the client that paid for it without writing the client's address into it.
 */
export async function clientTag(client: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`client:${client}`));
  return toBase64Url(new Uint8Array(digest).slice(0, 12));
}

export type SessionTokenCheck =
  { ok: true; payload: SessionTokenPayload } | { ok: false; expired: boolean; message: string };

/**
 * The token's claims, or why it is refused (in words the page can show). `allowExpired` reads an
 * expired token's claims still (a call's state is asked after its token has expired).
 */
export async function verifySessionToken(
  kind: SessionTokenKind,
  upstreamKey: string,
  token: string | undefined,
  options: { nowMs?: number; allowExpired?: boolean; client?: string } = {},
): Promise<SessionTokenCheck> {
  const what = kind === 'call' ? 'voice call token' : 'reading token';
  const refused = { ok: false as const, expired: false, message: `This ${what} is not valid.` };
  const prefix = SESSION_TOKEN_PREFIX[kind];
  if (!token?.startsWith(prefix) || token.length > 1000) return refused;
  const dot = token.lastIndexOf('.');
  const body = token.slice(0, dot);
  const signature = fromBase64Url(token.slice(dot + 1));
  if (dot < 0 || !signature) return refused;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await key(kind, upstreamKey),
    signature,
    encoder.encode(body),
  );
  if (!valid) return refused;
  const bytes = fromBase64Url(body.slice(prefix.length));
  let parsed: ReturnType<typeof Payload.safeParse>;
  try {
    parsed = Payload.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return refused;
  }
  if (!parsed.success) return refused;
  if (parsed.data.exp * 1000 <= (options.nowMs ?? Date.now()) && !options.allowExpired) {
    return {
      ok: false,
      expired: true,
      message: `This ${what} has expired: start the reading again.`,
    };
  }
  const bound = parsed.data.cli;
  if (bound !== undefined && options.client !== undefined) {
    if (bound !== (await clientTag(options.client))) {
      return {
        ok: false,
        expired: false,
        message: `This ${what} was given to another connection: start the reading again.`,
      };
    }
  }
  return { ok: true, payload: parsed.data };
}
