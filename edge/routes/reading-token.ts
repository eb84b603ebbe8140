/**
 * `POST /api/voice/token` (mounted at `/api/voice`): the short-lived credential a reading connects
 * with, always ours, never an OpenAI secret. Body: `ReadingTokenRequest` (`{ sessionId, mode,
 * transport?, lang? }`); answer: `ReadingTokenResponse`. A `lang` outside the supported tags is
 * refused (400); the offline reader's token carries the checked one, so the reader answers in it.
 *
 * - A voice reading whose calls go through the edge (OpenAI, or the local WebRTC reader) gets a
 *   call token and `callUrl`: its WebRTC call, posted to `POST /api/voice/calls`.
 * - With `OPENAI_API_KEY`, a text reading, and a voice reading's fallback where WebRTC cannot
 *   connect (`transport: 'websocket'`), get a relay token and `url`, the relay's WebSocket on this
 *   host (routes/relay.ts), which holds the key and opens the session at OpenAI.
 * - Without a key the reading runs on the offline reader: a local reader token (`ek_local_…`,
 *   HMAC-signed) and `url` its WebSocket on this host.
 *
 * Each token lives `VOICE_TOKEN_TTL_SECONDS` (default 60) and opens one session. A call or relay
 * token carries the reading's limits, which the edge holds whatever the page does: its minutes
 * (`READING_MAX_MINUTES`, also returned as `maxSessionMinutes` for the page's notice) and its tokens
 * (`READING_MAX_TOKENS`). Deployed, both are required (realtime/caps.ts).
 */
import { Hono, type Context } from 'hono';
import { API_PATHS } from '../../contracts/api-schema.ts';
import {
  DEFAULT_REALTIME_MODEL,
  ReadingTokenRequest,
  type ReadingTokenRequest as ReadingTokenRequestBody,
  type ReadingTokenResponse,
} from '../../contracts/reading-token.ts';
import { type AppEnv, intSetting } from '../env.ts';
import { readerAvailability } from '../reader/availability.ts';
import { DEFAULT_TOKEN_TTL_SECONDS, mintReaderToken } from '../reader/token.ts';
import { readerHears } from '../reader/hearing.ts';
import { readingCaps } from '../realtime/caps.ts';
import { RELAY_WS_PATH } from './relay.ts';
import { mintSessionToken } from '../realtime/session-token.ts';
import { type CallUpstream, callUpstream, openAiUpstream } from '../realtime/upstream.ts';
import { jsonBody, jsonContentType } from '../validate.ts';
import { requestClient } from '../client.ts';

export {
  DEFAULT_MAX_OUTPUT_TOKENS,
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_REALTIME_VOICE,
} from '../realtime/upstream.ts';

/** Where `readerRoutes` answers WebSockets once mounted at `/api/reader`. */
export const READER_WS_PATH = API_PATHS.readerRealtime;
export { DEFAULT_REALTIME_MODEL };

/** A token's lifetime bounds, seconds. */
const MIN_TTL_SECONDS = 10;
const MAX_TTL_SECONDS = 7200;

function ttlSeconds(env: AppEnv['Bindings']): number {
  return intSetting(
    env.VOICE_TOKEN_TTL_SECONDS,
    DEFAULT_TOKEN_TTL_SECONDS,
    MIN_TTL_SECONDS,
    MAX_TTL_SECONDS,
  );
}

/** The token minutes a reading token costs its client's daily budget: its reading's cap. */
export function voiceTokenMinutes(c: Context<AppEnv>): number {
  const env = c.env ?? {};
  return readingCaps(env).minutes ?? Math.ceil(ttlSeconds(env) / 60);
}

/** A WebSocket's URL on the host that served this request (`wss:` behind `https:`). */
function socketUrl(path: string, requestUrl: string): string {
  const url = new URL(path, requestUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The reader's WebSocket URL on the host that served this request. */
export function readerUrl(requestUrl: string): string {
  return socketUrl(READER_WS_PATH, requestUrl);
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
    ttlSeconds: ttlSeconds(env),
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

/**
 * A session through the edge: a call token and where to post the offer, or a relay token and the
 * relay's WebSocket. Either carries the reading's limits.
 */
async function upstreamToken(
  c: Context<AppEnv>,
  body: ReadingTokenRequestBody,
  upstream: CallUpstream,
  kind: 'call' | 'relay',
): Promise<ReadingTokenResponse> {
  const env = c.env ?? {};
  const caps = readingCaps(env);
  const minted = await mintSessionToken(kind, upstream.key, {
    sessionId: body.sessionId,
    ttlSeconds: ttlSeconds(env),
    capSeconds: (caps.minutes ?? 0) * 60,
    maxTokens: caps.tokens,
    mode: body.mode,
    lang: body.lang,
    client: requestClient((name) => c.req.header(name)),
  });
  return {
    engine: upstream.kind,
    token: minted.token,
    expiresAt: minted.payload.exp,
    model: env.OPENAI_REALTIME_MODEL || DEFAULT_REALTIME_MODEL,
    ...(kind === 'call'
      ? { callUrl: new URL(API_PATHS.voiceCalls, c.req.url).toString() }
      : { url: socketUrl(RELAY_WS_PATH, c.req.url) }),
    // The local WebRTC reader hears with the recognizer the stack gave it and the edge.
    ...(upstream.kind === 'local' ? { hears: readerHears(env, body.lang) } : {}),
  };
}

export const readingTokenRoutes = new Hono<AppEnv>().post(
  '/token',
  jsonContentType(),
  jsonBody(ReadingTokenRequest),
  async (c) => {
    const body = c.req.valid('json');
    const call =
      body.mode === 'voice' && body.transport !== 'websocket' ? callUpstream(c.env) : undefined;
    const openAi = openAiUpstream(c.env);
    const minted = call
      ? await upstreamToken(c, body, call, 'call')
      : openAi
        ? await upstreamToken(c, body, openAi, 'relay')
        : await localToken(c, body);
    const maxSessionMinutes = readingCaps(c.env).minutes;
    const response: ReadingTokenResponse =
      maxSessionMinutes === undefined ? minted : { ...minted, maxSessionMinutes };
    return c.json(response, 200, { 'Cache-Control': 'no-store' });
  },
);
