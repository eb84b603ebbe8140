/**
 * A bench-only Worker (never deployed: `npm run bench` runs it under `wrangler dev` with
 * edge-parts.wrangler.toml) that times each part of a token route inside workerd, where the edge
 * runs: `GET /parts?name=<part>&n=<count>` runs that part `count` times in a row and answers how
 * long it took and how many console lines it wrote. Timing inside the isolate leaves out the HTTP
 * hop and wrangler's proxy, whose noise is larger than some parts. `GET /parts/names` lists the
 * parts, each with its baseline. Any other request goes to the edge app itself (so the harness finds
 * `/api/health`).
 *
 * The parts call the edge's own code: the whole app for the no-op baseline and each token route
 * (`app.fetch`, with the real rate-limit binding and the real LiveKit server), the rate-limit call
 * and the LiveKit server call alone; then each route's own work (no binding, which local
 * development allows, and CreateRoom answered in the isolate), and validation and signing alone.
 */
import { AccessToken, RoomAgentDispatch, RoomServiceClient, TrackSource } from 'livekit-server-sdk';
import { isTimeZone } from '../../contracts/livekit-schema.ts';
import { ReadingTokenRequest } from '../../contracts/reading-token.ts';
import { app } from '../../edge/app.ts';
import type { Bindings } from '../../edge/env.ts';
import { mintReaderToken } from '../../edge/reader/token.ts';
import { TokenRequest as LiveKitRouteRequest } from '../../edge/routes/livekit-token.ts';

/** The prefix of the parts that time a route's own work (the bench's second baseline). */
const OWN_WORK = 'own work (no rate-limit call, no server round trip): ';
const VOICE_BODY = () => JSON.stringify({ sessionId: crypto.randomUUID(), mode: 'text' });
const LIVEKIT_BODY = JSON.stringify({ participantName: 'Visitor', timeZone: 'Europe/Paris' });
const encoder = new TextEncoder();

/** A request as a browser sends it: JSON with its length, from its own client address. */
function post(path: string, body: string): Request {
  return new Request(`http://127.0.0.1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(encoder.encode(body).length),
      'cf-connecting-ip': crypto.randomUUID(),
    },
    body,
  });
}

async function appRequest(env: Bindings, path: string, body: string): Promise<void> {
  const response = await app.fetch(post(path, body), env);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
}

/** Local development lets a request through without the binding: the app's own work alone. */
const withoutLimiter = (env: Bindings): Bindings => ({ ...env, TOKEN_RATE_LIMITER: undefined });

/**
 * Runs `op` with the LiveKit server API answered inside the isolate (as the unit tests' stand-in
 * does), so the LiveKit route's own work is timed without the server's round trip.
 */
async function withRoomsAnsweredHere(op: () => Promise<void>): Promise<void> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/twirp/livekit.RoomService/CreateRoom') return realFetch(input, init);
    return Response.json({ sid: 'RM_bench', name: 'bench' });
  };
  try {
    await op();
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** The parts, by name: each runs once per call. The first is the baseline of those below it. */
const PARTS: Record<string, (env: Bindings) => unknown> = {
  'app: POST /api/bench/noop': (env) => appRequest(env, '/api/bench/noop', VOICE_BODY()),
  'app: POST /api/voice/token': (env) => appRequest(env, '/api/voice/token', VOICE_BODY()),
  'app: POST /api/livekit/token': (env) => appRequest(env, '/api/livekit/token', LIVEKIT_BODY),
  'rate limit: TOKEN_RATE_LIMITER.limit()': (env) =>
    env.TOKEN_RATE_LIMITER?.limit({ key: crypto.randomUUID() }),
  'livekit CreateRoom with dispatch (real livekit-server)': (env) =>
    new RoomServiceClient(env.LIVEKIT_URL ?? '', env.LIVEKIT_API_KEY, env.LIVEKIT_API_SECRET, {
      requestTimeout: 5,
    }).createRoom({
      name: `bench-${crypto.randomUUID()}`,
      emptyTimeout: 5,
      departureTimeout: 5,
      agents: [new RoomAgentDispatch({ agentName: 'bench' })],
    }),
  // Each route's own work: no rate-limit call, no LiveKit round trip. The first is their baseline.
  [`${OWN_WORK}POST /api/bench/noop`]: (env) =>
    appRequest(withoutLimiter(env), '/api/bench/noop', VOICE_BODY()),
  [`${OWN_WORK}POST /api/voice/token`]: (env) =>
    appRequest(withoutLimiter(env), '/api/voice/token', VOICE_BODY()),
  [`${OWN_WORK}POST /api/livekit/token`]: (env) =>
    withRoomsAnsweredHere(() =>
      appRequest(withoutLimiter(env), '/api/livekit/token', LIVEKIT_BODY),
    ),
  'body read: request.json()': () => post('/x', VOICE_BODY()).json(),
  'voice validation: ReadingTokenRequest': () =>
    ReadingTokenRequest.safeParse(JSON.parse(VOICE_BODY())),
  'voice signing: mintReaderToken (HMAC)': (env) =>
    mintReaderToken({
      secret: env.READER_TOKEN_SECRET ?? '',
      sessionId: crypto.randomUUID(),
    }),
  'HMAC key import (once per isolate since the key cache)': (env) =>
    crypto.subtle.importKey(
      'raw',
      encoder.encode(env.READER_TOKEN_SECRET ?? ''),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    ),
  'livekit validation: route schema': () =>
    LiveKitRouteRequest.safeParse(JSON.parse(LIVEKIT_BODY)),
  'livekit validation, of which isTimeZone': () => isTimeZone('Europe/Paris'),
  'livekit signing: AccessToken + grant + toJwt': (env) => {
    const token = new AccessToken(env.LIVEKIT_API_KEY, env.LIVEKIT_API_SECRET, {
      identity: `visitor-${crypto.randomUUID()}`,
      name: 'Visitor',
      ttl: 600,
      attributes: { 'bmo.access': 'visitor', tz: 'Europe/Paris' },
    });
    token.addGrant({
      room: `bmo-${crypto.randomUUID()}`,
      roomJoin: true,
      canPublish: true,
      canPublishSources: [TrackSource.MICROPHONE],
      canSubscribe: true,
      canPublishData: true,
    });
    return token.toJwt();
  },
};

/**
 * The parts in order, each with its baseline: the whole no-op request for the whole requests, the
 * rate-limit call and the server call; the no-op's own work for each route's own work and the
 * parts inside it.
 */
function partList(): { name: string; baseline: string }[] {
  const names = Object.keys(PARTS);
  const whole = names[0] ?? '';
  const own = names.find((name) => name.startsWith(OWN_WORK)) ?? whole;
  const ownAt = names.indexOf(own);
  return names.map((name, i) => ({ name, baseline: i < ownAt ? whole : own }));
}

/** Runs a part `n` times; counts console lines meanwhile (a token route should write none). */
async function run(part: (env: Bindings) => unknown, env: Bindings, n: number) {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const saved = methods.map((name) => console[name]);
  let logLines = 0;
  for (const name of methods) console[name] = () => void (logLines += 1);
  const start = performance.now();
  try {
    for (let i = 0; i < n; i++) await part(env);
  } finally {
    methods.forEach((name, i) => (console[name] = saved[i] ?? console[name]));
  }
  return { ms: performance.now() - start, logLines };
}

export default {
  async fetch(request: Request, env: Bindings): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/parts/names') return Response.json(partList());
    if (url.pathname !== '/parts') return app.fetch(request, env);
    const name = url.searchParams.get('name') ?? '';
    const part = PARTS[name];
    if (!part) return Response.json({ error: `no part ${name}` }, { status: 404 });
    const n = Math.max(1, Math.min(100_000, Number(url.searchParams.get('n')) || 1));
    return Response.json(await run(part, env, n));
  },
};
export { BmoRoomsObject } from '../../edge/bmo-rooms.ts';
