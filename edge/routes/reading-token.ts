/**
 * `POST /api/voice/token` (mounted at `/api/voice`): the short-lived credential a reading connects
 * with. Body: `ReadingTokenRequest` (`{ sessionId, mode, transport?, lang? }`); answer:
 * `ReadingTokenResponse`. A `lang` outside the supported tags is refused (400); the offline reader's
 * token carries the checked one, so the reader answers in it.
 *
 * Without `OPENAI_API_KEY` the reading runs on the local reader: the token is a local reader token
 * (`ek_local_…`, HMAC-signed, `VOICE_TOKEN_TTL_SECONDS`, default 60) and `url` is the reader's
 * WebSocket on this same host. With a key the edge mints an OpenAI client secret
 * (`POST {OPENAI_BASE_URL}/realtime/client_secrets`) for the same model the session will use, with
 * the same lifetime setting; the key never leaves the edge, and upstream failures map to our own
 * errors (never the upstream body).
 *
 * The answer carries the reading's cost cap, `maxSessionMinutes`, from `READING_MAX_MINUTES`: 30
 * by default in a deployment, none by default in local development, `0` for none anywhere. The
 * page enforces it (a notice a minute before, then the reading ends).
 *
 * A voice reading whose calls go through the edge (OpenAI, or the local WebRTC reader) gets a call
 * token and `callUrl` instead; `transport: 'websocket'` asks for the WebSocket's token, the
 * fallback where WebRTC cannot connect (with OpenAI a client secret, counted like any token).
 */
import { Hono, type Context } from 'hono';
import { API_PATHS } from '../../contracts/api-schema.ts';
import {
  DEFAULT_REALTIME_MODEL,
  OpenAIClientSecret,
  ReadingTokenRequest,
  type ReadingTokenRequest as ReadingTokenRequestBody,
  type ReadingTokenResponse,
} from '../../contracts/reading-token.ts';
import { type AppEnv, intSetting, isLocalDevelopment } from '../env.ts';
import { ApiError } from '../errors.ts';
import { readerAvailability } from '../reader/availability.ts';
import { DEFAULT_TOKEN_TTL_SECONDS, mintReaderToken } from '../reader/token.ts';
import { trimEnd } from '../../contracts/text.ts';
import { readerHears } from '../reader/hearing.ts';
import { jsonBody, jsonContentType } from '../validate.ts';
import { mintCallToken } from '../realtime/session-token.ts';
import {
  type CallUpstream,
  DEFAULT_OPENAI_BASE_URL,
  callUpstream,
  pinnedSession,
} from '../realtime/upstream.ts';

export {
  DEFAULT_MAX_OUTPUT_TOKENS,
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_REALTIME_VOICE,
} from '../realtime/upstream.ts';

/** Where `readerRoutes` answers WebSockets once mounted at `/api/reader`. */
export const READER_WS_PATH = API_PATHS.readerRealtime;
export { DEFAULT_REALTIME_MODEL };

/** A reading's cost cap in a deployment unless `READING_MAX_MINUTES` says otherwise. */
export const DEFAULT_READING_MAX_MINUTES = 30;

/** The cost cap for this deployment, minutes; undefined for none. */
export function readingMaxMinutes(env: AppEnv['Bindings'] | undefined): number | undefined {
  const fallback = isLocalDevelopment(env) ? 0 : DEFAULT_READING_MAX_MINUTES;
  const minutes = intSetting(env?.READING_MAX_MINUTES, fallback, 0, 1440);
  return minutes > 0 ? minutes : undefined;
}

/** The OpenAI client-secret bounds: 10 s … 2 h. */
const MIN_TTL_SECONDS = 10;
const MAX_TTL_SECONDS = 7200;
/**
 * A text reading's OpenAI client secret lives the API's shortest `expires_after`, 10 s: the page
 * opens its WebSocket as soon as the secret arrives, and a secret still opens sessions until it
 * expires, so the shorter the less a copied one buys.
 */
export const TEXT_SECRET_SECONDS = MIN_TTL_SECONDS;

/** The token minutes a reading token costs its client's daily budget: its reading's cap. */
export function voiceTokenMinutes(c: Context<AppEnv>): number {
  const env = c.env ?? {};
  const cap = readingMaxMinutes(env);
  if (cap !== undefined) return cap;
  const seconds = intSetting(
    env.VOICE_TOKEN_TTL_SECONDS,
    DEFAULT_TOKEN_TTL_SECONDS,
    MIN_TTL_SECONDS,
    MAX_TTL_SECONDS,
  );
  return Math.ceil(seconds / 60);
}

/** The reader's WebSocket URL on the host that served this request (`wss:` behind `https:`). */
export function readerUrl(requestUrl: string): string {
  const url = new URL(READER_WS_PATH, requestUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

async function localToken(
  c: Context<AppEnv>,
  body: ReadingTokenRequestBody,
): Promise<ReadingTokenResponse> {
  const env = c.env ?? {};
  const available = readerAvailability(env);
  if (!available.ok) throw available.error;
  const minted = await mintReaderToken({
    secret: available.secret,
    sessionId: body.sessionId,
    ttlSeconds: intSetting(
      env.VOICE_TOKEN_TTL_SECONDS,
      DEFAULT_TOKEN_TTL_SECONDS,
      MIN_TTL_SECONDS,
      MAX_TTL_SECONDS,
    ),
    lang: body.lang,
  });
  return {
    engine: 'local',
    token: minted.token,
    expiresAt: minted.expiresAt,
    model: env.OPENAI_REALTIME_MODEL || DEFAULT_REALTIME_MODEL,
    url: readerUrl(c.req.url),
    hears: readerHears(env, body.lang),
  };
}

/** How long the edge waits for OpenAI before calling it unavailable. */
const UPSTREAM_TIMEOUT_MS = 10_000;

function logUpstream(status: number | 'network' | 'malformed'): void {
  // Status only: never the key, the token, or the upstream body.
  console.error(JSON.stringify({ event: 'voice_token_upstream_error', status }));
}

/**
 * Maps an OpenAI failure to what the page should hear. A refused key is named as such only in
 * local development; deployed, a visitor hears that the service is unavailable, nothing about
 * which credential is wrong (the log says it, by status).
 */
function upstreamError(status: number, local: boolean): ApiError {
  logUpstream(status);
  if ((status === 401 || status === 403) && !local) {
    return new ApiError(
      503,
      'upstream_unavailable',
      'The voice service is unavailable right now. Try again later, or use text chat.',
    );
  }
  if (status === 401 || status === 403) {
    return new ApiError(
      502,
      'upstream_misconfigured',
      'The voice service refused this site’s credentials. The site’s OpenAI key needs fixing; try text chat meanwhile.',
    );
  }
  if (status === 429) {
    return new ApiError(
      503,
      'upstream_busy',
      'The voice service is busy right now. Try again in a moment.',
    );
  }
  return new ApiError(
    503,
    'upstream_unavailable',
    'The voice service is unavailable right now. Try again shortly, or use text chat.',
  );
}

/**
 * A voice reading's WebRTC call through the edge (routes/voice-calls.ts): a call token good for
 * one call, capped at the reading's minutes, and where to post the offer.
 */
async function callToken(
  c: Context<AppEnv>,
  body: ReadingTokenRequestBody,
  upstream: CallUpstream,
): Promise<ReadingTokenResponse> {
  const env = c.env ?? {};
  const minted = await mintCallToken(upstream.key, {
    sessionId: body.sessionId,
    ttlSeconds: intSetting(
      env.VOICE_TOKEN_TTL_SECONDS,
      DEFAULT_TOKEN_TTL_SECONDS,
      MIN_TTL_SECONDS,
      MAX_TTL_SECONDS,
    ),
    capSeconds: (readingMaxMinutes(env) ?? 0) * 60,
    lang: body.lang,
  });
  return {
    engine: upstream.kind,
    token: minted.token,
    expiresAt: minted.payload.exp,
    model: env.OPENAI_REALTIME_MODEL || DEFAULT_REALTIME_MODEL,
    callUrl: new URL(API_PATHS.voiceCalls, c.req.url).toString(),
    // The local WebRTC reader hears with the recognizer the stack gave it and the edge.
    ...(upstream.kind === 'local' ? { hears: readerHears(env, body.lang) } : {}),
  };
}

/** The OpenAI path: mint a client secret with `OPENAI_API_KEY` for the session's model. */
async function openAiToken(
  c: Context<AppEnv>,
  body: ReadingTokenRequestBody,
): Promise<ReadingTokenResponse> {
  const env = c.env ?? {};
  const model = env.OPENAI_REALTIME_MODEL || DEFAULT_REALTIME_MODEL;
  const seconds =
    body.mode === 'text'
      ? TEXT_SECRET_SECONDS
      : intSetting(
          env.VOICE_TOKEN_TTL_SECONDS,
          DEFAULT_TOKEN_TTL_SECONDS,
          MIN_TTL_SECONDS,
          MAX_TTL_SECONDS,
        );
  const base = trimEnd(env.OPENAI_BASE_URL || DEFAULT_OPENAI_BASE_URL, '/');
  let response: Response;
  try {
    response = await fetch(`${base}/realtime/client_secrets`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.OPENAI_API_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        expires_after: { anchor: 'created_at', seconds },
        // Pinned here, so a leaked client secret cannot buy a bigger session.
        session: pinnedSession(env, body.mode),
      }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    logUpstream('network');
    throw new ApiError(
      503,
      'upstream_unavailable',
      'The voice service could not be reached. Try again shortly, or use text chat.',
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw upstreamError(response.status, isLocalDevelopment(env));
  }
  const parsed = OpenAIClientSecret.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    logUpstream('malformed');
    throw new ApiError(
      503,
      'upstream_unavailable',
      'The voice service answered in a way we did not expect. Try again shortly.',
    );
  }
  return {
    engine: 'openai',
    token: parsed.data.value,
    expiresAt: parsed.data.expires_at,
    // The page must open its session with the model the secret was minted for.
    model,
  };
}

export const readingTokenRoutes = new Hono<AppEnv>().post(
  '/token',
  jsonContentType(),
  jsonBody(ReadingTokenRequest),
  async (c) => {
    const body = c.req.valid('json');
    const upstream =
      body.mode === 'voice' && body.transport !== 'websocket' ? callUpstream(c.env) : undefined;
    const minted = upstream
      ? await callToken(c, body, upstream)
      : c.env?.OPENAI_API_KEY
        ? await openAiToken(c, body)
        : await localToken(c, body);
    const maxSessionMinutes = readingMaxMinutes(c.env);
    const response: ReadingTokenResponse =
      maxSessionMinutes === undefined ? minted : { ...minted, maxSessionMinutes };
    return c.json(response, 200, { 'Cache-Control': 'no-store' });
  },
);
