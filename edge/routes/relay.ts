/**
 * `GET /api/voice/realtime` (mounted at `/api/voice`): the relay's WebSocket, where a text reading
 * and a voice reading's WebSocket fallback connect with OpenAI as their engine. The page's SDK
 * opens it as it would open OpenAI's (`OpenAIRealtimeWebSocket({ url })`), with our relay token
 * (`ek_relay_…`) where OpenAI's client secret would go: the `openai-insecure-api-key.<token>`
 * subprotocol from a browser, `Authorization: Bearer` from Node.
 *
 * Refused before any upgrade: where OpenAI is not the engine (404), too many attempts from one
 * client (429, the token routes' limiter), a plain GET (426), and a missing, forged, expired or
 * other kind of token (401: a call token, a reader token). An accepted upgrade goes to the Durable
 * Object named after the token's id (relay/relay-object.ts), which opens one session per token,
 * ever. The 101 selects `realtime` only when the client offered it.
 */
import { Hono } from 'hono';
import { type AppEnv, isLocalDevelopment } from '../env.ts';
import { ApiError } from '../errors.ts';
import { REALTIME_SUBPROTOCOL, readHandshake } from '../reader/handshake.ts';
import { RELAY_META_HEADER, type RelayMeta } from '../relay/relay-object.ts';
import { verifySessionToken } from '../realtime/session-token.ts';
import { requestClient } from '../client.ts';
import { openAiUpstream } from '../realtime/upstream.ts';
import { rateLimit } from '../security.ts';

/**
 * Where the relay answers once mounted at `/api/voice`. Only the edge names it: the page opens the
 * `url` its token carries, so the path stays out of the contracts every page's first load takes.
 */
export const RELAY_WS_PATH = '/api/voice/realtime';

export const relayRoutes = new Hono<AppEnv>().get(
  '/realtime',
  async (c, next) => {
    if (!openAiUpstream(c.env)) {
      throw new ApiError(
        404,
        'not_found',
        'This site does not relay readings to OpenAI: its reading token names its own WebSocket.',
      );
    }
    await next();
  },
  rateLimit,
  async (c) => {
    const upstream = openAiUpstream(c.env);
    if (!upstream) throw new ApiError(404, 'not_found', 'This site does not relay readings.');
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(
        426,
        'bad_request',
        'This is the reading relay’s WebSocket: connect with a WebSocket client.',
      );
    }
    const { token, offersRealtime } = readHandshake({
      protocol: c.req.header('sec-websocket-protocol') ?? null,
      authorization: c.req.header('authorization') ?? null,
    });
    const checked = await verifySessionToken('relay', upstream.key, token, {
      client: requestClient((name) => c.req.header(name)),
    });
    if (!checked.ok) throw new ApiError(401, 'unauthorized', checked.message);
    const sessions = c.env?.RELAY_SESSIONS;
    if (!sessions) {
      throw new ApiError(
        503,
        'not_configured',
        isLocalDevelopment(c.env)
          ? 'The RELAY_SESSIONS Durable Object binding is missing: run the edge with wrangler.toml.'
          : 'Readings are not available on this site right now. Please try again later.',
      );
    }
    const { payload } = checked;
    const meta: RelayMeta = {
      sessionId: payload.sid,
      tokenId: payload.jti,
      expiresAt: payload.exp,
      mode: payload.mode,
      capSeconds: payload.cap,
      maxTokens: payload.tok,
      ...(offersRealtime ? { protocol: REALTIME_SUBPROTOCOL } : {}),
    };
    const held = await sessions.get(sessions.idFromName(payload.jti)).fetch(
      new Request('https://relay-session.internal/connect', {
        headers: { Upgrade: 'websocket', [RELAY_META_HEADER]: JSON.stringify(meta) },
      }),
    );
    // A stub's response has immutable headers; the API's middleware adds its own, so copy it.
    return new Response(held.status === 101 ? null : held.body, {
      status: held.status,
      headers: held.headers,
      webSocket: held.webSocket ?? null,
    });
  },
);
