/**
 * `GET /api/reader/realtime` (mounted at `/api/reader`): the local reader's WebSocket in workerd.
 *
 * Refused before any upgrade: where the reader does not run (availability.ts: 404 where OpenAI is
 * the engine, 503 without a secret outside local development), too many attempts from one client
 * (429, the token routes' limiter), a plain GET (426), and a missing, bad, expired or too
 * long-lived token (401). An accepted upgrade goes to the Durable Object named after the token's id
 * (session-object.ts), which holds the socket and opens one per token, ever.
 *
 * The 101 selects `realtime` only when the client offered it (browsers fail the handshake
 * otherwise; Node's SDK fails if we select one it did not offer).
 */
import { Hono } from 'hono';
import { type AppEnv, intSetting, isLocalDevelopment } from '../env.ts';
import { ApiError } from '../errors.ts';
import { readerAvailability } from '../reader/availability.ts';
import { authorizeHandshake } from '../reader/handshake.ts';
import { DEFAULT_IDLE_MS } from '../../reader/protocol/limits.ts';
import { SESSION_META_HEADER, type SessionMeta } from '../reader/session-object.ts';
import { clip } from '../../contracts/text.ts';
import { rateLimit } from '../security.ts';

export const readerRoutes = new Hono<AppEnv>().get(
  '/realtime',
  async (c, next) => {
    const available = readerAvailability(c.env);
    if (!available.ok) throw available.error;
    await next();
  },
  rateLimit,
  async (c) => {
    const available = readerAvailability(c.env);
    if (!available.ok) throw available.error;
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(
        426,
        'bad_request',
        'This is the local reader’s WebSocket: connect with a WebSocket client.',
      );
    }
    const handshake = await authorizeHandshake(
      {
        protocol: c.req.header('sec-websocket-protocol') ?? null,
        authorization: c.req.header('authorization') ?? null,
      },
      available.secret,
    );
    if (!handshake.ok) throw new ApiError(401, 'unauthorized', handshake.message);

    const sessions = c.env?.READER_SESSIONS;
    if (!sessions) {
      throw new ApiError(
        503,
        'not_configured',
        isLocalDevelopment(c.env)
          ? 'The READER_SESSIONS Durable Object binding is missing: run the edge with wrangler.toml.'
          : 'Readings are not available on this site right now. Please try again later.',
      );
    }
    const meta: SessionMeta = {
      sessionId: handshake.sessionId,
      tokenId: handshake.tokenId,
      expiresAt: handshake.expiresAt,
      ...(handshake.protocol ? { protocol: handshake.protocol } : {}),
      userAgent: clip(c.req.header('user-agent') ?? '', 400),
      idleMs: intSetting(c.env?.READER_IDLE_MINUTES, DEFAULT_IDLE_MS / 60_000, 1, 120) * 60_000,
      ...(handshake.lang !== 'en' ? { lang: handshake.lang } : {}),
    };
    const headers = new Headers({
      Upgrade: 'websocket',
      [SESSION_META_HEADER]: JSON.stringify(meta),
    });
    const stub = sessions.get(sessions.idFromName(handshake.tokenId));
    const held = await stub.fetch(
      new Request('https://reader-session.internal/connect', { headers }),
    );
    // A stub's response has immutable headers; the API's middleware adds its own, so copy it.
    return new Response(held.status === 101 ? null : held.body, {
      status: held.status,
      headers: held.headers,
      webSocket: held.webSocket ?? null,
    });
  },
);
