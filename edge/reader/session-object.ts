/**
 * `ReaderSessionObject`: the Durable Object that holds one reader socket. The reader route names
 * it after the token's id (`jti`), so wherever a request lands, a token reaches the same object,
 * and the object opens one socket for it, ever: a second opening is refused with 401.
 *
 * The socket uses the WebSocket hibernation API: between frames the object may be evicted from
 * memory while the socket stays open. After each frame the session is saved as a snapshot, and a
 * woken object carries on from it. One alarm covers the session's deadlines (idle time, the
 * advertised expiry) and, once the socket is gone, clearing the storage after the token expires.
 */
import { z } from 'zod';
import type { Bindings } from '../env.ts';
import { errorBody } from '../errors.ts';
import { SupportedLangSchema } from '../../contracts/locale-schema.ts';
import { ReaderSession, type ReaderSnapshot } from '../../reader/protocol/engine.ts';
import type { Transcriber } from '../../reader/hearing/transcriber.ts';
import { readerTranscriber } from './hearing.ts';

/** What the reader route hands the object with the upgrade (a header it sets itself). */
export const SessionMeta = z.object({
  sessionId: z.string().min(1).max(100),
  tokenId: z.string().min(1).max(100),
  /** Token expiry, epoch seconds. */
  expiresAt: z.number().int().positive(),
  protocol: z.string().max(40).optional(),
  userAgent: z.string().max(400),
  idleMs: z.number().int().positive(),
  /** The reading's language (the token's); a tag outside the closed list reads as English. */
  lang: SupportedLangSchema.optional().catch(undefined),
});
export type SessionMeta = z.infer<typeof SessionMeta>;
export const SESSION_META_HEADER = 'x-reader-session';

/** The parts of workerd's DurableObjectState this object uses. */
interface ObjectStorage {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  deleteAll(): Promise<void>;
  setAlarm(scheduledTime: number): Promise<void>;
}
interface ObjectState {
  storage: ObjectStorage;
  acceptWebSocket(socket: WebSocket): void;
  getWebSockets(): WebSocket[];
}

const META = 'meta';
const SNAPSHOT = 'snapshot';

function logLine(event: object): void {
  console.log(JSON.stringify(event));
}

export class ReaderSessionObject {
  readonly #state: ObjectState;
  readonly #transcriber: Transcriber | undefined;
  #session: ReaderSession | undefined;

  constructor(state: ObjectState, env: Bindings) {
    this.#state = state;
    this.#transcriber = readerTranscriber(env);
  }

  async fetch(request: Request): Promise<Response> {
    let meta: SessionMeta;
    try {
      meta = SessionMeta.parse(JSON.parse(request.headers.get(SESSION_META_HEADER) ?? ''));
    } catch {
      return Response.json(errorBody('bad_request', 'Not a reader session request.'), {
        status: 400,
      });
    }
    const storage = this.#state.storage;
    if (await storage.get(META)) {
      return Response.json(
        errorBody(
          'unauthorized',
          'This reader token has already opened its session: ask POST /api/voice/token for a new one.',
        ),
        { status: 401 },
      );
    }
    await storage.put(META, meta);
    const pair = new WebSocketPair();
    const client = pair[0];
    const server = pair[1];
    this.#state.acceptWebSocket(server);
    const session = this.#open(server, meta, undefined);
    session.start();
    await this.#save(session, meta);
    return new Response(null, {
      status: 101,
      webSocket: client,
      headers: meta.protocol ? { 'Sec-WebSocket-Protocol': meta.protocol } : {},
    });
  }

  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const found = await this.#resume(socket);
    if (!found) return;
    if (typeof message === 'string') found.session.handleMessage(message);
    else found.session.handleBinary();
    await this.#save(found.session, found.meta);
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    await this.#ended(socket, code === 1005 || code === 1006 ? 1000 : code);
  }

  async webSocketError(socket: WebSocket): Promise<void> {
    await this.#ended(socket, 1011);
  }

  async alarm(): Promise<void> {
    const socket = this.#state.getWebSockets()[0];
    const meta = await this.#state.storage.get<SessionMeta>(META);
    if (!socket || !meta) {
      await this.#forgetWhenExpired(meta);
      return;
    }
    const found = await this.#resume(socket);
    if (!found) return;
    found.session.enforceDeadlines();
    await this.#save(found.session, found.meta);
  }

  #open(socket: WebSocket, meta: SessionMeta, restore: ReaderSnapshot | undefined): ReaderSession {
    const session = new ReaderSession({
      send: (event) => {
        try {
          socket.send(JSON.stringify(event));
        } catch {
          // The socket closed under us; the close handler ends the session.
        }
      },
      close: (code, reason) => {
        try {
          socket.close(code, reason);
        } catch {
          // Already closed.
        }
      },
      sessionId: meta.sessionId,
      tokenExpiresAt: meta.expiresAt,
      userAgent: meta.userAgent,
      idleMs: meta.idleMs,
      ...(meta.lang ? { lang: meta.lang } : {}),
      onLog: logLine,
      ...(restore ? { restore } : {}),
      ...(this.#transcriber ? { transcriber: this.#transcriber } : {}),
      // A turn heard between frames: saved as a frame's changes are.
      changed: () => void this.#save(session, meta),
    });
    this.#session = session;
    return session;
  }

  /** The session in memory, or the one saved before the object hibernated. */
  async #resume(
    socket: WebSocket,
  ): Promise<{ session: ReaderSession; meta: SessionMeta } | undefined> {
    const storage = this.#state.storage;
    const meta = await storage.get<SessionMeta>(META);
    if (this.#session && meta) return { session: this.#session, meta };
    const snapshot = await storage.get<ReaderSnapshot>(SNAPSHOT);
    if (!meta || !snapshot) {
      try {
        socket.close(1011, 'session_lost');
      } catch {
        // Already closed.
      }
      return undefined;
    }
    return { session: this.#open(socket, meta, snapshot), meta };
  }

  async #save(session: ReaderSession, meta: SessionMeta): Promise<void> {
    const storage = this.#state.storage;
    if (session.closed) {
      await storage.delete(SNAPSHOT);
      await this.#forgetWhenExpired(meta);
      return;
    }
    await storage.put(SNAPSHOT, session.snapshot());
    await storage.setAlarm(session.deadline);
  }

  async #ended(socket: WebSocket, code: number): Promise<void> {
    const storage = this.#state.storage;
    const meta = await storage.get<SessionMeta>(META);
    const snapshot = this.#session ? undefined : await storage.get<ReaderSnapshot>(SNAPSHOT);
    const session =
      this.#session ?? (meta && snapshot ? this.#open(socket, meta, snapshot) : undefined);
    session?.close();
    try {
      socket.close(code, 'closed');
    } catch {
      // Already closed.
    }
    await storage.delete(SNAPSHOT);
    await this.#forgetWhenExpired(meta);
  }

  /**
   * Keeps the record that the token was used until the token itself expires (it cannot open
   * anything after that), then clears the storage.
   */
  async #forgetWhenExpired(meta: SessionMeta | undefined): Promise<void> {
    const storage = this.#state.storage;
    const forgetAt = ((meta?.expiresAt ?? 0) + 60) * 1000;
    if (Date.now() >= forgetAt) await storage.deleteAll();
    else await storage.setAlarm(forgetAt);
  }
}
