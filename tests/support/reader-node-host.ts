/**
 * The local reader on a plain Node HTTP server with the `ws` package, for tests and benchmarks.
 * Same engine, same handshake rules as the workerd route and its Durable Object: a bad or expired
 * token is refused with 401 before the upgrade, a token opens one socket only, `realtime` is
 * selected only when the client offered it, and the session's deadlines close the socket.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { API_PATHS } from '../../contracts/api-schema.ts';
import { ReaderSession, type ReaderSessionOptions } from '../../reader/protocol/engine.ts';
import { REALTIME_SUBPROTOCOL, authorizeHandshake } from '../../edge/reader/handshake.ts';
import { MAX_FRAME_BYTES } from '../../reader/protocol/limits.ts';
import { DEV_READER_TOKEN_SECRET, mintReaderToken } from '../../edge/reader/token.ts';

export const READER_PATH = API_PATHS.readerRealtime;

export interface ReaderServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  secret?: string;
  /** Token lifetime for `mintToken`, seconds. */
  ttlSeconds?: number;
  onLog?: ReaderSessionOptions['onLog'];
  /** Session caps in ms (defaults in reader/protocol/limits.ts). */
  idleMs?: number;
  sessionMs?: number;
  /** The speech recognizer the reader hears spoken turns with (none: the demo script). */
  transcriber?: ReaderSessionOptions['transcriber'];
  /** The reading's language (default English). */
  lang?: ReaderSessionOptions['lang'];
}

export interface ReaderServer {
  /** `ws://host:port/api/reader/realtime`. */
  url: string;
  port: number;
  mintToken(sessionId: string): Promise<string>;
  close(): Promise<void>;
}

/** `ws` drops frames above this itself; below it the engine answers oversized frames in words. */
const MAX_PAYLOAD_BYTES = 4 * MAX_FRAME_BYTES;

function refuse(socket: Duplex, status: 401 | 404, message: string): void {
  const code = status === 401 ? 'unauthorized' : 'not_found';
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Not Found'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

export async function startReaderServer(options: ReaderServerOptions = {}): Promise<ReaderServer> {
  const secret = options.secret ?? DEV_READER_TOKEN_SECRET;
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<WebSocket>();
  /** Token ids that have opened their socket (the Durable Object keeps this in workerd). */
  const usedTokens = new Set<string>();

  const http = createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({ error: { code: 'bad_request', message: 'Connect with a WebSocket.' } }),
    );
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD_BYTES,
    handleProtocols: (protocols) =>
      protocols.has(REALTIME_SUBPROTOCOL) ? REALTIME_SUBPROTOCOL : false,
  });

  const attach = (
    ws: WebSocket,
    request: IncomingMessage,
    sessionId: string,
    expiresAt: number,
  ) => {
    sockets.add(ws);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const session = new ReaderSession({
      send: (event) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
      },
      close: (code, reason) => ws.close(code, reason),
      ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
      ...(options.sessionMs === undefined ? {} : { sessionMs: options.sessionMs }),
      sessionId,
      tokenExpiresAt: expiresAt,
      userAgent: request.headers['user-agent'] ?? '',
      ...(options.onLog ? { onLog: options.onLog } : {}),
      ...(options.transcriber ? { transcriber: options.transcriber } : {}),
      ...(options.lang ? { lang: options.lang } : {}),
    });
    // One timer stands in for the Durable Object's alarm.
    const schedule = () => {
      clearTimeout(timer);
      if (session.closed) return;
      timer = setTimeout(
        () => {
          if (!session.enforceDeadlines()) schedule();
        },
        Math.max(0, session.deadline - Date.now()),
      );
    };
    ws.on('message', (data, isBinary) => {
      if (isBinary) session.handleBinary();
      else session.handleMessage(frameText(data));
      schedule();
    });
    ws.on('close', () => {
      clearTimeout(timer);
      sockets.delete(ws);
      session.close();
    });
    ws.on('error', () => ws.terminate());
    session.start();
    schedule();
  };

  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = new URL(request.url ?? '/', 'http://reader').pathname;
    if (path !== READER_PATH && path !== '/v1/realtime') {
      refuse(socket, 404, `No WebSocket at ${path}.`);
      return;
    }
    const protocol = request.headers['sec-websocket-protocol'];
    authorizeHandshake(
      {
        protocol: Array.isArray(protocol) ? protocol.join(',') : (protocol ?? null),
        authorization: request.headers.authorization ?? null,
      },
      secret,
    ).then(
      (result) => {
        if (!result.ok) {
          refuse(socket, 401, result.message);
          return;
        }
        if (usedTokens.has(result.tokenId)) {
          refuse(
            socket,
            401,
            'This reader token has already opened its session: ask POST /api/voice/token for a new one.',
          );
          return;
        }
        usedTokens.add(result.tokenId);
        wss.handleUpgrade(request, socket, head, (ws) =>
          attach(ws, request, result.sessionId, result.expiresAt),
        );
      },
      () => refuse(socket, 401, 'The reader token could not be checked.'),
    );
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address();
  if (address === null || typeof address === 'string')
    throw new Error('The reader server has no TCP address.');
  const { port } = address;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `ws://${urlHost}:${port}${READER_PATH}`,
    port,
    mintToken: async (sessionId) =>
      (
        await mintReaderToken({
          secret,
          sessionId,
          ...(options.ttlSeconds === undefined ? {} : { ttlSeconds: options.ttlSeconds }),
        })
      ).token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets) ws.terminate();
        wss.close();
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
