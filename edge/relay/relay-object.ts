/**
 * `RelaySessionObject`: the Durable Object that holds one relayed Realtime session, named after
 * its relay token's id, so a token opens one session, ever, wherever its request lands (a second
 * opening is refused with 401). It opens the session at OpenAI with the site's key (the page never
 * sees it), sends the pinned session first, then moves frames both ways: the page's through
 * `ClientFrames` (pinned, checked, rate-limited), OpenAI's as they are, adding up the usage they
 * report. At the reading's token budget or its minute cap (an alarm) it tells the page why, with
 * an `error` event whose code names the limit, and closes both sockets.
 *
 * The object holds an outbound socket, which cannot hibernate: it stays in memory while the
 * session lasts (at most the reading's cap), and a restart ends the session (the page reconnects
 * with a fresh token, as after any drop). Once the session is over it keeps only the record that
 * the token was used, until the token expires.
 */
import { z } from 'zod';
import { Modality, READING_LIMIT_CODES, type ReadingLimit } from '../../contracts/reading-token.ts';
import type { Bindings } from '../env.ts';
import { readingLease, releaseLease, spendTokens } from '../ceiling.ts';
import { ApiError, errorBody } from '../errors.ts';
import { openAiUpstream, openRealtimeSocket, pinnedSession } from '../realtime/upstream.ts';
import { TokenMeter, frameTokens } from '../realtime/usage.ts';
import { ClientFrames, pinnedUpdate } from './client-frames.ts';

/** What the relay route hands the object with the upgrade (a header it sets itself). */
export const RelayMeta = z.object({
  sessionId: z.string().min(1).max(100),
  tokenId: z.string().min(1).max(100),
  /** Token expiry, epoch seconds. */
  expiresAt: z.number().int().positive(),
  mode: Modality,
  /** The minute cap, seconds; 0 for none. */
  capSeconds: z.number().int().min(0).max(86_400),
  /** The token budget; 0 for none. */
  maxTokens: z.number().int().min(0).max(100_000_000),
  protocol: z.string().max(40).optional(),
});
export type RelayMeta = z.infer<typeof RelayMeta>;
export const RELAY_META_HEADER = 'x-relay-session';

/** Close codes the page sees at a limit (the `error` event before says which in words). */
export const CLOSE_AT_LIMIT: Record<ReadingLimit, number> = { minutes: 4410, tokens: 4402 };

const LIMIT_MESSAGES: Record<ReadingLimit, string> = {
  minutes: 'This reading has reached its time limit and has ended.',
  tokens: 'This reading has used everything it may spend and has ended.',
};

/** The parts of workerd's DurableObjectState this object uses. */
interface ObjectState {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
  };
}

const CLAIM = 'claim';

function closeQuietly(socket: WebSocket | undefined, code: number, reason: string): void {
  try {
    socket?.close(code, reason);
  } catch {
    // Already closed.
  }
}

function jsonHeader(value: string | null): unknown {
  try {
    return JSON.parse(value ?? '');
  } catch {
    return undefined;
  }
}

export class RelaySessionObject {
  readonly #state: ObjectState;
  readonly #env: Bindings;
  #page: WebSocket | undefined;
  #upstream: WebSocket | undefined;
  #meter = new TokenMeter(undefined);
  #meta: RelayMeta | undefined;
  #openedAt = 0;
  /** When the minute cap ends the session, epoch ms; 0 for never. */
  #endAt = 0;
  #over = false;

  constructor(state: ObjectState, env: Bindings) {
    this.#state = state;
    this.#env = env;
  }

  async fetch(request: Request): Promise<Response> {
    const meta = RelayMeta.safeParse(jsonHeader(request.headers.get(RELAY_META_HEADER)));
    if (!meta.success) {
      return Response.json(errorBody('bad_request', 'Not a relay session request.'), {
        status: 400,
      });
    }
    const storage = this.#state.storage;
    if (await storage.get(CLAIM)) {
      return Response.json(
        errorBody(
          'unauthorized',
          'This reading token has already opened its session: start the reading again for a new one.',
        ),
        { status: 401 },
      );
    }
    await storage.put(CLAIM, { expiresAt: meta.data.expiresAt });
    // one of the site's readings at once, held until the session ends (or its cap)
    const lease = `relay:${meta.data.tokenId}`;
    try {
      await readingLease(this.#env, lease, meta.data.capSeconds);
    } catch (error) {
      await this.#forgetWhenExpired();
      if (!(error instanceof ApiError)) throw error;
      return Response.json(errorBody(error.code, error.message), { status: error.status });
    }
    const upstream = openAiUpstream(this.#env);
    const pins = pinnedSession(this.#env, meta.data.mode);
    const opened = upstream
      ? await openRealtimeSocket(upstream, new URLSearchParams({ model: pins.model }))
      : ({ ok: false, status: 'network' } as const);
    if (!opened.ok) {
      // Status only: never the key or the upstream's body.
      console.error(JSON.stringify({ event: 'relay_upstream_error', status: opened.status }));
      await releaseLease(this.#env, lease);
      await this.#forgetWhenExpired();
      return Response.json(
        errorBody(
          opened.status === 429 ? 'upstream_busy' : 'upstream_unavailable',
          'The reading service could not open a session right now. Try again shortly.',
        ),
        { status: 503 },
      );
    }
    this.#meta = meta.data;
    this.#meter = new TokenMeter(meta.data.maxTokens > 0 ? meta.data.maxTokens : undefined);
    this.#openedAt = Date.now();
    this.#endAt = meta.data.capSeconds > 0 ? this.#openedAt + meta.data.capSeconds * 1000 : 0;
    const toOpenAi = opened.socket;
    // Pinned before the page says anything: OpenAI's defaults (no output limit) never apply.
    toOpenAi.send(pinnedUpdate(pins));
    const pair = new WebSocketPair();
    const page = pair[1];
    page.accept();
    this.#page = page;
    this.#upstream = toOpenAi;
    const frames = new ClientFrames(pins);
    page.addEventListener('message', (event) => this.#fromPage(frames, event.data));
    page.addEventListener('close', (event) => void this.#ended('page', event.code));
    page.addEventListener('error', () => void this.#ended('page', 1011));
    toOpenAi.addEventListener('message', (event) => void this.#fromOpenAi(event.data));
    toOpenAi.addEventListener('close', (event) => void this.#ended('upstream', event.code));
    toOpenAi.addEventListener('error', () => void this.#ended('upstream', 1011));
    await storage.setAlarm(this.#endAt || this.#forgetAt());
    console.log(
      JSON.stringify({
        event: 'relay_session_start',
        sessionId: meta.data.sessionId,
        mode: meta.data.mode,
      }),
    );
    return new Response(null, {
      status: 101,
      webSocket: pair[0],
      headers: meta.data.protocol ? { 'Sec-WebSocket-Protocol': meta.data.protocol } : {},
    });
  }

  async alarm(): Promise<void> {
    if (this.#page && !this.#over && this.#endAt > 0) {
      if (Date.now() >= this.#endAt) await this.#limit('minutes');
      else await this.#state.storage.setAlarm(this.#endAt);
      return;
    }
    await this.#forgetWhenExpired();
  }

  #fromPage(frames: ClientFrames, data: string | ArrayBuffer): void {
    if (this.#over) return;
    const verdict = frames.read(data);
    if (verdict.kind === 'forward') {
      this.#upstream?.send(verdict.frame);
      return;
    }
    this.#page?.send(JSON.stringify(verdict.error));
    if (verdict.closeCode !== undefined) {
      closeQuietly(this.#page, verdict.closeCode, verdict.error.error.code ?? 'closed');
      void this.#ended('page', verdict.closeCode);
    }
  }

  async #fromOpenAi(data: string | ArrayBuffer): Promise<void> {
    if (this.#over) return;
    try {
      this.#page?.send(data);
    } catch {
      // The page is gone; its close ends the session.
    }
    if (typeof data !== 'string') return;
    const tokens = frameTokens(data);
    if (tokens > 0) void spendTokens(this.#env, tokens);
    if (this.#meter.add(tokens)) await this.#limit('tokens');
  }

  /** Ends the session at a limit: the page is told which, then both sockets close. */
  async #limit(limit: ReadingLimit): Promise<void> {
    if (this.#over) return;
    const message = LIMIT_MESSAGES[limit];
    try {
      this.#page?.send(
        JSON.stringify({
          type: 'error',
          event_id: `relay_limit_${limit}`,
          error: {
            type: 'invalid_request_error',
            code: READING_LIMIT_CODES[limit],
            message,
            param: null,
            event_id: null,
          },
        }),
      );
    } catch {
      // The page is gone already.
    }
    closeQuietly(this.#page, CLOSE_AT_LIMIT[limit], READING_LIMIT_CODES[limit]);
    await this.#ended(limit, CLOSE_AT_LIMIT[limit]);
  }

  /** The session is over (a limit, either side closing): close the other side, log, forget. */
  async #ended(by: ReadingLimit | 'page' | 'upstream', code: number): Promise<void> {
    if (this.#over) return;
    this.#over = true;
    const pageCode = code === 1005 || code === 1006 ? 1011 : code;
    if (by === 'upstream') closeQuietly(this.#page, pageCode, 'upstream_closed');
    else closeQuietly(this.#page, pageCode, 'closed');
    closeQuietly(this.#upstream, 1000, 'closed');
    console.log(
      JSON.stringify({
        event: 'relay_session_end',
        sessionId: this.#meta?.sessionId,
        by,
        code,
        tokens: this.#meter.used,
        seconds: Math.round((Date.now() - this.#openedAt) / 1000),
      }),
    );
    this.#page = undefined;
    this.#upstream = undefined;
    if (this.#meta) await releaseLease(this.#env, `relay:${this.#meta.tokenId}`);
    await this.#forgetWhenExpired();
  }

  #forgetAt(): number {
    return ((this.#meta?.expiresAt ?? 0) + 60) * 1000;
  }

  /** Keeps the record that the token was used until it expires, then clears the storage. */
  async #forgetWhenExpired(): Promise<void> {
    const storage = this.#state.storage;
    const claim = await storage.get<{ expiresAt: number }>(CLAIM);
    const forgetAt = ((claim?.expiresAt ?? 0) + 60) * 1000;
    if (Date.now() >= forgetAt) await storage.deleteAll();
    else await storage.setAlarm(forgetAt);
  }
}
