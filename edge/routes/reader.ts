/**
 * `GET /api/reader/realtime` (mounted at `/api/reader`): the local reader's WebSocket in workerd.
 *
 * The token (from the `openai-insecure-api-key.<token>` subprotocol a browser sends, or the
 * `Authorization: Bearer` header Node sends) is checked before the upgrade: a missing, bad or
 * expired one gets 401 and no socket. The 101 selects `realtime` only when the client offered it
 * (browsers fail the handshake otherwise; Node's SDK fails if we select one it did not offer).
 * Hono's `upgradeWebSocket` cannot set that header, hence the `WebSocketPair` by hand.
 */
import { Hono } from 'hono';
import type { LogEvent } from '../../contracts/events.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { ReaderSession } from '../reader/engine.ts';
import { authorizeHandshake } from '../reader/handshake.ts';
import { readerSecret } from '../reader/token.ts';

/** The edge's JSON-lines log: one structured event per line, no user words. */
function logLine(event: LogEvent): void {
  console.log(JSON.stringify(event));
}

export const readerRoutes = new Hono<AppEnv>().get('/realtime', async (c) => {
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
    readerSecret(c.env?.READER_TOKEN_SECRET),
  );
  if (!handshake.ok) throw new ApiError(401, 'unauthorized', handshake.message);

  const pair = new WebSocketPair();
  const client = pair[0];
  const server = pair[1];
  server.accept();
  const session = new ReaderSession({
    send: (event) => {
      try {
        server.send(JSON.stringify(event));
      } catch {
        // The socket closed under us; the close handler ends the session.
      }
    },
    sessionId: handshake.sessionId,
    tokenExpiresAt: handshake.expiresAt,
    userAgent: c.req.header('user-agent') ?? '',
    onLog: logLine,
  });
  server.addEventListener('message', (event: MessageEvent) => {
    if (typeof event.data === 'string') session.handleMessage(event.data);
    else session.handleBinary();
  });
  const end = () => {
    session.close();
    try {
      server.close();
    } catch {
      // Already closed.
    }
  };
  server.addEventListener('close', end);
  server.addEventListener('error', end);
  session.start();

  return new Response(null, {
    status: 101,
    webSocket: client,
    headers: handshake.protocol ? { 'Sec-WebSocket-Protocol': handshake.protocol } : {},
  });
});
