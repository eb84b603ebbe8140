/**
 * The local WebRTC reader's HTTP face: the part of OpenAI's API the edge's voice forwarder uses,
 * on loopback only and only for the edge's own key (a page that rebinds a name to 127.0.0.1 has
 * no key to show).
 *
 *   POST /v1/realtime/calls              multipart `sdp` + `session` (or application/sdp alone)
 *                                        → 201, the SDP answer, `Location: /v1/realtime/calls/{id}`
 *   POST /v1/realtime/calls/{id}/hangup  → 200, the call ends
 *   GET  /v1/realtime/calls/{id}         → the peer's own view for tests: the session it was given
 *                                          and when the microphone carried sound (not OpenAI's API)
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUPPORTED_LANGS, type SupportedLang } from '../contracts/locale.ts';
import { SupportedLangSchema } from '../contracts/locale-schema.ts';
import { RealtimeSessionConfig } from '../contracts/realtime.ts';
import { VoiceCall } from './call.ts';
import type { Transcriber } from './reader-engine.ts';
import { Speaker, type VoiceChoice } from './speech.ts';

export const CALLS_PATH = '/v1/realtime/calls';
const MAX_BODY_BYTES = 256 * 1024;
const MAX_CALLS = 20;
const CALL_PATH = /^\/v1\/realtime\/calls\/(rtc_[A-Za-z0-9]+)(\/hangup)?$/;

export interface VoicePeerOptions {
  /** The bearer the edge presents: the edge's own key for this service. */
  key: string;
  port?: number;
  /** How the reader speaks (default espeak-ng on PATH). */
  voice?: VoiceChoice;
  /** espeak-ng's words a minute (230); the e2e layer speeds it up. */
  speechWpm?: number;
  /** A call's longest life if nobody hangs it up, ms (the edge hangs up at the reading's cap). */
  sessionMs?: number;
  /** The speech recognizer the reader hears with; without one a spoken turn follows a demo script. */
  transcriber?: Transcriber | undefined;
  /** Calls at once, at most (20). */
  maxCalls?: number;
  /** Speech a call may hold waiting to play, ms (two minutes). */
  maxQueuedSpeechMs?: number;
  onLog?(event: object): void;
}

export interface CallRecord {
  call: VoiceCall;
  /** The session the forwarder sent with the offer, as received. */
  session: RealtimeSessionConfig | null;
  /** The language the edge asked the reader to read and speak in. */
  lang: SupportedLang;
  authorization: 'key';
}

export interface VoicePeer {
  url: string;
  port: number;
  calls: ReadonlyMap<string, CallRecord>;
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** OpenAI's error shape. */
function refuse(response: ServerResponse, status: number, code: string, message: string): void {
  sendJson(response, status, {
    error: { message, type: 'invalid_request_error', code, param: null },
  });
}

function keyMatches(header: string | undefined, key: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /u, '') ?? '');
  const wanted = Buffer.from(key);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

interface Offer {
  sdp: string;
  session: RealtimeSessionConfig | null;
  /** The language the reader reads and speaks in (English unless the edge said otherwise). */
  lang?: SupportedLang;
}

/** The offer and the session from either body OpenAI accepts. */
async function readOffer(
  request: IncomingMessage,
  body: Buffer,
): Promise<Offer | { problem: string }> {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/sdp')) return { sdp: body.toString('utf8'), session: null };
  if (!type.startsWith('multipart/form-data'))
    return { problem: 'Send application/sdp or multipart/form-data.' };
  const form = await new Request('http://peer/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(body),
  }).formData();
  const sdp = form.get('sdp');
  const session = form.get('session');
  if (typeof sdp !== 'string') return { problem: 'The form has no sdp field.' };
  // our own field, from the edge: the reading's checked language (a closed list)
  const lang = SupportedLangSchema.safeParse(form.get('reader_lang') ?? 'en');
  if (!lang.success)
    return { problem: `reader_lang must be one of: ${SUPPORTED_LANGS.join(', ')}.` };
  if (session === null) return { sdp, session: null, lang: lang.data };
  if (typeof session !== 'string') return { problem: 'The session field must be JSON text.' };
  try {
    const parsed = RealtimeSessionConfig.safeParse(JSON.parse(session));
    return parsed.success
      ? { sdp, session: parsed.data, lang: lang.data }
      : { problem: 'The session is not a Realtime session.' };
  } catch {
    return { problem: 'The session field is not JSON.' };
  }
}

export async function startVoicePeer(options: VoicePeerOptions): Promise<VoicePeer> {
  const calls = new Map<string, CallRecord>();
  const speaker = new Speaker(options.voice ?? { kind: 'espeak-ng' }, options.speechWpm);
  const log = options.onLog ?? ((event: object) => console.log(JSON.stringify(event)));

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://peer').pathname;
    if (!keyMatches(request.headers.authorization, options.key)) {
      refuse(response, 401, 'invalid_api_key', 'Incorrect API key provided.');
      return;
    }
    if (request.method === 'POST' && path === CALLS_PATH) {
      const full = () => {
        if (calls.size < (options.maxCalls ?? MAX_CALLS)) return false;
        refuse(response, 429, 'rate_limit_exceeded', 'Too many calls at once on this reader.');
        return true;
      };
      if (full()) return;
      const body = await readBody(request);
      if (!body) {
        refuse(response, 413, 'request_too_large', 'The offer is too large.');
        return;
      }
      const offer = await readOffer(request, body);
      if ('problem' in offer) {
        refuse(response, 400, 'invalid_request', offer.problem);
        return;
      }
      // Asked again once the body is in: offers sent side by side all passed the first look.
      if (full()) return;
      const id = `rtc_${randomUUID().replace(/-/g, '')}`;
      const call = new VoiceCall({
        id,
        speaker,
        lang: offer.lang ?? 'en',
        sessionMs: options.sessionMs ?? 60 * 60_000,
        transcriber: options.transcriber,
        ...(options.maxQueuedSpeechMs ? { maxQueuedSpeechMs: options.maxQueuedSpeechMs } : {}),
        onLog: log,
        onEnd: (ended) => calls.delete(ended),
      });
      calls.set(id, {
        call,
        session: offer.session,
        lang: offer.lang ?? 'en',
        authorization: 'key',
      });
      try {
        const answer = await call.answer(offer.sdp);
        log({ type: 'voice_peer_call_start', callId: id, voice: speaker.voice });
        response.writeHead(201, {
          'Content-Type': 'application/sdp',
          Location: `${CALLS_PATH}/${id}`,
        });
        response.end(answer);
      } catch (error) {
        call.hangup('bad_offer');
        const message = error instanceof Error ? error.message : 'unknown error';
        refuse(
          response,
          400,
          'invalid_offer',
          `The SDP offer could not be answered: ${message.slice(0, 200)}`,
        );
      }
      return;
    }
    const match = CALL_PATH.exec(path);
    const record = match?.[1] ? calls.get(match[1]) : undefined;
    if (!match || !record) {
      refuse(response, 404, 'not_found', 'No such call.');
      return;
    }
    if (request.method === 'POST' && match[2]) {
      record.call.hangup('hangup');
      sendJson(response, 200, {});
      return;
    }
    if (request.method === 'GET' && !match[2]) {
      sendJson(response, 200, {
        id: record.call.id,
        session: record.session,
        sound: record.call.sound,
      });
      return;
    }
    refuse(response, 405, 'method_not_allowed', 'Not a method this path answers.');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) refuse(response, 500, 'server_error', 'The reader failed.');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    calls,
    close: async () => {
      for (const record of [...calls.values()]) record.call.hangup('shutdown');
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
