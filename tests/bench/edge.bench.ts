/**
 * The token routes under `wrangler dev` (workerd, loopback), against a no-op POST behind the very
 * same middleware (`POST /api/bench/noop`: secure headers, origin check, body limit, rate limit,
 * Turnstile; see edge/routes/bench.ts), measured in the same run: latency (sequential requests,
 * interleaved so drift hits every route alike) and throughput (bursts of requests, 8 in flight,
 * the routes taking turns). `GET /api/health` stays as a second reference. Turnstile and Access are off (their
 * settings unset), as the issue asks.
 *
 * The LiveKit route creates its room and BMO's dispatch on a LiveKit server at minting, so the
 * bench runs a real local `livekit-server` (tests/support/livekit-server.ts) and reports that
 * server call's own figure beside the route (`CreateRoom` from Node, same server, same rounds),
 * and the route's p50 less it.
 *
 * Each request carries its own client address (CF-Connecting-IP), so the per-client rate limit
 * measures its cost without refusing. Bodies are what the page sends.
 *
 * What each part of a route costs, timed inside workerd, is in edge-parts.bench.ts.
 */
import { randomUUID } from 'node:crypto';
import { RoomAgentDispatch, RoomServiceClient } from 'livekit-server-sdk';
import { startLiveKitServer } from '../support/livekit-server.ts';
import { startWrangler } from '../support/wrangler.ts';
import { edgePartsBench } from './edge-parts.bench.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';

interface Route {
  name: string;
  request: () => Promise<Response>;
}

async function timeOnce(route: Route): Promise<number> {
  const start = performance.now();
  const response = await route.request();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
  return performance.now() - start;
}

/** How long `count` requests take, ms, `inFlight` at a time. */
async function burst(route: Route, count: number, inFlight = 8): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < count) await timeOnce(route);
    }),
  );
  return performance.now() - start;
}

/**
 * Requests per second of each route: `total` requests in bursts of `size` (8 in flight), the
 * routes taking turns burst by burst so the machine's drift hits them alike; the median burst's
 * rate, so a burst that met another process's spike does not decide the figure.
 */
async function throughputs(routes: readonly Route[], total: number, size = 50) {
  const rates = new Map(routes.map((route) => [route.name, [] as number[]]));
  for (let sent = 0; sent < total; sent += size) {
    for (const route of routes) {
      rates.get(route.name)?.push(size / ((await burst(route, size)) / 1000));
    }
  }
  return new Map([...rates].map(([name, values]) => [name, median(values)]));
}

export async function edgeBench(options: { rounds?: number; throughputRequests?: number } = {}) {
  const rounds = options.rounds ?? 300;
  const total = options.throughputRequests ?? 1000;
  const livekit = await startLiveKitServer();
  const vars = {
    LIVEKIT_URL: livekit.url,
    LIVEKIT_API_KEY: livekit.apiKey,
    LIVEKIT_API_SECRET: livekit.apiSecret,
    // Rooms nobody joins close soon, so the server does not pile up a run's worth of them.
    LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS: '5',
    READER_TOKEN_SECRET: 'bench-reader-secret',
  };
  const wrangler = await startWrangler({ vars });
  try {
    const json = (path: string, body: () => unknown) => () =>
      fetch(`${wrangler.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomUUID() },
        body: JSON.stringify(body()),
      });
    const noop: Route = {
      name: 'POST /api/bench/noop',
      request: json('/api/bench/noop', () => ({ sessionId: randomUUID(), mode: 'text' })),
    };
    const livekitRoute: Route = {
      name: 'POST /api/livekit/token',
      request: json('/api/livekit/token', () => ({
        participantName: 'Visitor',
        timeZone: 'Europe/Paris',
      })),
    };
    const routes: Route[] = [
      noop,
      { name: 'GET /api/health', request: () => fetch(`${wrangler.url}/api/health`) },
      {
        name: 'POST /api/voice/token (local reader)',
        request: json('/api/voice/token', () => ({ sessionId: randomUUID(), mode: 'text' })),
      },
      livekitRoute,
    ];
    // The LiveKit server call on its own: what the route awaits at minting, from Node.
    const rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    const createRoom: Route = {
      name: 'LiveKit CreateRoom (from Node)',
      request: async () => {
        await rooms.createRoom({
          name: `bench-${randomUUID()}`,
          emptyTimeout: 5,
          departureTimeout: 5,
          agents: [new RoomAgentDispatch({ agentName: 'bench' })],
        });
        return new Response('{}');
      },
    };
    const timed = [...routes, createRoom];

    // Warm up each route (first requests compile and cache).
    for (const route of timed) for (let i = 0; i < 30; i++) await timeOnce(route);

    const samples = new Map(timed.map((route) => [route.name, [] as number[]]));
    for (let i = 0; i < rounds; i++) {
      for (const route of timed) samples.get(route.name)?.push(await timeOnce(route));
    }
    const throughput = await throughputs(routes, total);

    const rows: BenchRow[] = [];
    const baseSamples = samples.get(noop.name) ?? [];
    for (const route of timed) {
      const values = samples.get(route.name) ?? [];
      for (const p of [50, 95]) {
        rows.push(
          row('edge', `${route.name} p${p} latency`, percentile(values, p), 'ms', {
            name: `${noop.name} p${p}`,
            value: percentile(baseSamples, p),
          }),
        );
      }
      const rate = throughput.get(route.name);
      if (rate === undefined) continue;
      rows.push(
        row('edge', `${route.name} throughput`, rate, 'req/s', {
          name: `${noop.name} throughput`,
          value: throughput.get(noop.name) ?? 1,
        }),
      );
    }
    // The LiveKit route must await CreateRoom (one token, one job): its p50 less that call's own
    // p50, measured in the same rounds, is the route's pace without the server's round trip.
    const p50 = (name: string) => percentile(samples.get(name) ?? [], 50);
    rows.push(
      row(
        'edge',
        `${livekitRoute.name} p50 latency less ${createRoom.name} p50`,
        p50(livekitRoute.name) - p50(createRoom.name),
        'ms',
        { name: `${noop.name} p50`, value: p50(noop.name) },
      ),
    );
    await wrangler.stop();
    rows.push(...(await edgePartsBench({ vars })));
    return rows;
  } finally {
    await wrangler.stop();
    await livekit.stop();
  }
}
