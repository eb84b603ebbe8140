/**
 * A local stand-in for the parts of OpenAI's Realtime API the edge uses, on 127.0.0.1, speaking
 * OpenAI's protocol and recording what it is asked. Tests assert on its records, never tell it
 * what to answer:
 *
 * - `POST /v1/realtime/client_secrets`: issues an `ek_…` secret (the edge asks for none now; the
 *   record shows it).
 * - `GET /v1/realtime?model=…` (WebSocket): a Realtime session of its own, as the relay opens it.
 * - `POST /v1/realtime/calls` (multipart `sdp` and `session`): a call, answered `201` with
 *   `Location: /v1/realtime/calls/{id}` and a session description that carries no media: the
 *   stand-in has no WebRTC peer, so a browser's call through it cannot connect (the page falls back
 *   to the WebSocket, as where WebRTC is blocked). A test speaks for the call's page with
 *   `call.fromPage(event)`, as its data channel would.
 * - `GET /v1/realtime?call_id=…` (WebSocket): the server-side connection to a call: every server
 *   event of the call; a call that is over or unknown answers 404.
 * - `POST /v1/realtime/calls/{id}/hangup`: ends the call (404 for one already over). `outage()`
 *   makes the next hangups answer 500, as an outage would.
 *
 * Every session is the offline reader's engine (reader/protocol/engine.ts) behind OpenAI's URL, so
 * a whole reading runs through it, and it bills as OpenAI does: each `response.done` reports the
 * whole context again as input tokens (the instructions, the tools, every item so far, about four
 * characters a token, and ten tokens a second of input audio) and the response's own items as
 * output tokens. Every request needs `Authorization: Bearer <key>`; `secrets()` lists each key it
 * accepted and each secret it issued, so a test can look for them where they must never be.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { ReaderSession } from '../../reader/protocol/engine.ts';

export interface RecordedRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as JSON where it parses, else its text ('' for none or a handshake). */
  body: unknown;
}

/** A Realtime session: the relay's own, or a call's. */
export interface StandinSession {
  /** Every client event it received, parsed, in order. */
  received: Record<string, unknown>[];
  /** Every server event it sent, in order. */
  sent: Record<string, unknown>[];
  /** The tokens it billed, summed over its `response.done` events. */
  billed: number;
  /** The socket closed (a relay session) or the call ended. */
  closed: boolean;
}

export interface StandinCall extends StandinSession {
  id: string;
  /** The `session` part of the offer's form, parsed. */
  offered: unknown;
  /** The server-side connections attached to it, ever. */
  watchers: number;
  /** A client event from the call's page, as its data channel would carry it. */
  fromPage(event: object): void;
}

export interface OpenAiStandin {
  /** `http://127.0.0.1:PORT/v1`, for `OPENAI_BASE_URL`. */
  baseURL: string;
  /** The API key it accepts. */
  key: string;
  requests: RecordedRequest[];
  /** The relay's sessions (`/realtime?model=`), in the order they opened. */
  sessions: StandinSession[];
  calls: Map<string, StandinCall>;
  /** Every hangup asked for, with what it answered. */
  hangups: { callId: string; status: number }[];
  /** The next `count` hangups answer `status` (default 500), as during an outage. */
  outage(count: number, status?: number): void;
  /** Every key it accepted and every secret it issued. */
  secrets(): string[];
  close(): Promise<void>;
}

/** About four characters a token, as OpenAI's tokenizers average on English. */
const CHARS_PER_TOKEN = 4;
/** PCM16 at 24 kHz: 48,000 bytes a second, billed at about ten tokens a second. */
const AUDIO_BYTES_PER_TOKEN = 4800;
/** A session description with no media: all a stand-in with no WebRTC peer can answer. */
const NO_MEDIA_ANSWER = 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
/** An SDP offer as far as the edge reads one (the stand-in has no WebRTC peer to read more). */
export const OFFER =
  'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

const tokens = (chars: number) => Math.ceil(chars / CHARS_PER_TOKEN);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * One session's engine and bill: client events in, server events out through `emit`, each
 * `response.done` carrying what the context and the output come to.
 */
function billedSession(
  session: StandinSession,
  emit: (event: Record<string, unknown>) => void,
): ReaderSession & { receive(text: string): void } {
  let fixedChars = 0; // instructions and tools, as the last session.update set them
  let itemChars = 0; // every item so far
  let audioBytes = 0;
  const engine = new ReaderSession({
    send: (event) => {
      const sent = { ...(event as Record<string, unknown>) };
      if (sent.type === 'response.done' && isRecord(sent.response)) {
        const output = JSON.stringify(sent.response.output ?? []).length;
        const input =
          tokens(fixedChars + itemChars) + Math.ceil(audioBytes / AUDIO_BYTES_PER_TOKEN);
        const spoken = tokens(output);
        itemChars += output;
        session.billed += input + spoken;
        sent.response = {
          ...sent.response,
          usage: { total_tokens: input + spoken, input_tokens: input, output_tokens: spoken },
        };
      }
      session.sent.push(sent);
      emit(sent);
    },
  });
  const receive = (text: string) => {
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      event = { unparsed: text };
    }
    if (isRecord(event)) {
      session.received.push(event);
      if (event.type === 'session.update' && isRecord(event.session)) {
        const { instructions, tools } = event.session;
        if (instructions !== undefined || tools !== undefined) {
          fixedChars =
            JSON.stringify(instructions ?? '').length + JSON.stringify(tools ?? []).length;
        }
      }
      if (event.type === 'conversation.item.create') itemChars += JSON.stringify(event.item).length;
      if (event.type === 'input_audio_buffer.append' && typeof event.audio === 'string') {
        audioBytes += Math.floor((event.audio.length * 3) / 4);
      }
    }
    engine.handleMessage(text);
  };
  return Object.assign(engine, { receive });
}

function refuse(socket: Duplex, status: 401 | 404, message: string): void {
  const body = JSON.stringify({
    error: {
      message,
      type: 'invalid_request_error',
      code: status === 401 ? 'invalid_api_key' : 'call_id_not_found',
    },
  });
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Not Found'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startOpenAiStandin(options: { key?: string } = {}): Promise<OpenAiStandin> {
  const key = options.key ?? `sk-standin-${randomBytes(12).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const sessions: StandinSession[] = [];
  const calls = new Map<string, StandinCall>();
  const hangups: { callId: string; status: number }[] = [];
  const issued = new Set<string>();
  const sockets = new Set<WebSocket>();
  const watchersOf = new Map<string, Set<WebSocket>>();
  const engines = new Map<string, ReturnType<typeof billedSession>>();
  const engine = (call: StandinCall) => {
    const found = engines.get(call.id);
    if (!found) throw new Error(`no engine for ${call.id}`);
    return found;
  };
  let failing = { count: 0, status: 500 };
  let callCount = 0;

  const authorized = (headers: IncomingHttpHeaders) => headers.authorization === `Bearer ${key}`;
  const record = (request: IncomingMessage, body: unknown) =>
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body,
    });

  function openCall(offered: unknown): StandinCall {
    callCount += 1;
    const id = `rtc_standin_${callCount}_${randomBytes(6).toString('hex')}`;
    const watchers = new Set<WebSocket>();
    watchersOf.set(id, watchers);
    const call: StandinCall = {
      id,
      offered,
      received: [],
      sent: [],
      billed: 0,
      closed: false,
      watchers: 0,
      fromPage: (event) => {
        if (!call.closed) engine.receive(JSON.stringify(event));
      },
    };
    const engine = billedSession(call, (event) => {
      for (const watcher of watchers) watcher.send(JSON.stringify(event));
    });
    engines.set(id, engine);
    engine.start();
    if (isRecord(offered))
      engine.receive(JSON.stringify({ type: 'session.update', session: offered }));
    calls.set(id, call);
    return call;
  }

  function endCall(call: StandinCall): void {
    call.closed = true;
    for (const watcher of watchersOf.get(call.id) ?? []) watcher.close(1000, 'call_ended');
  }

  const http = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const type = request.headers['content-type'] ?? '';
      let body: unknown = raw.toString('utf8');
      if (type.startsWith('application/json')) {
        try {
          body = JSON.parse(String(body));
        } catch {
          // keep the text
        }
      }
      const url = new URL(request.url ?? '/', 'http://standin');
      const answer = (status: number, reply: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': typeof reply === 'string' ? 'application/sdp' : 'application/json',
          ...headers,
        });
        response.end(typeof reply === 'string' ? reply : JSON.stringify(reply));
      };
      if (type.startsWith('multipart/form-data')) {
        const form = await new Response(new Uint8Array(raw), {
          headers: { 'content-type': type },
        }).formData();
        body = Object.fromEntries(
          [...form.entries()].map(([name, value]) => [name, String(value)]),
        );
      }
      record(request, body);
      if (!authorized(request.headers)) {
        answer(401, { error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' } });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/realtime/client_secrets') {
        const value = `ek_standin_${randomBytes(16).toString('hex')}`;
        issued.add(value);
        answer(200, { value, expires_at: Math.floor(Date.now() / 1000) + 600 });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/realtime/calls') {
        const fields = isRecord(body) ? body : {};
        if (typeof fields.sdp !== 'string' || !fields.sdp.startsWith('v=0')) {
          answer(400, { error: { message: 'The offer is missing.', code: 'invalid_offer' } });
          return;
        }
        let offered: unknown;
        try {
          offered = JSON.parse(String(fields.session ?? 'null'));
        } catch {
          offered = undefined;
        }
        const call = openCall(offered);
        answer(201, NO_MEDIA_ANSWER, { location: `/v1/realtime/calls/${call.id}` });
        return;
      }
      const hangup = /^\/v1\/realtime\/calls\/([^/]+)\/hangup$/.exec(url.pathname);
      if (request.method === 'POST' && hangup) {
        const call = calls.get(hangup[1] ?? '');
        let status = 200;
        if (failing.count > 0) {
          failing = { ...failing, count: failing.count - 1 };
          status = failing.status;
        } else if (!call || call.closed) status = 404;
        else endCall(call);
        hangups.push({ callId: hangup[1] ?? '', status });
        answer(status, status === 200 ? {} : { error: { message: `Hangup answered ${status}.` } });
        return;
      }
      answer(404, { error: { message: 'No such route on the stand-in.', code: 'not_found' } });
    })();
  });

  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    record(request, '');
    const url = new URL(request.url ?? '/', 'http://standin');
    if (url.pathname !== '/v1/realtime') {
      refuse(socket, 404, 'No such WebSocket on the stand-in.');
      return;
    }
    if (!authorized(request.headers)) {
      refuse(socket, 401, 'Incorrect API key provided.');
      return;
    }
    const callId = url.searchParams.get('call_id');
    if (callId !== null) {
      const call = calls.get(callId);
      if (!call || call.closed) {
        refuse(socket, 404, 'No session found for the provided call_id.');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        sockets.add(ws);
        call.watchers += 1;
        const watchers = watchersOf.get(callId);
        watchers?.add(ws);
        // What the server sends on this connection goes into the call, as from the page.
        ws.on('message', (data) => {
          if (!call.closed) engine(call).receive(frameText(data));
        });
        ws.on('close', () => {
          watchers?.delete(ws);
          sockets.delete(ws);
        });
      });
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      const session: StandinSession = { received: [], sent: [], billed: 0, closed: false };
      sessions.push(session);
      const engine = billedSession(session, (event) => ws.send(JSON.stringify(event)));
      engine.start();
      ws.on('message', (data) => engine.receive(frameText(data)));
      ws.on('close', () => {
        session.closed = true;
        engine.close();
        sockets.delete(ws);
      });
    });
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    key,
    requests,
    sessions,
    calls,
    hangups,
    outage: (count, status = 500) => {
      failing = { count, status };
    },
    secrets: () => [key, ...issued],
    close: async () => {
      for (const socket of sockets) socket.terminate();
      for (const call of calls.values()) call.closed = true;
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
