/**
 * The token routes under `wrangler dev` (workerd, loopback), against the bare health route in the
 * same run: latency (sequential requests, interleaved so drift hits every route alike) and
 * throughput (a fixed number of requests, 8 in flight). Each request carries its own client
 * address (CF-Connecting-IP), so the per-client rate limit measures its cost without refusing.
 */
import { randomUUID } from 'node:crypto';
import { startWrangler } from '../support/wrangler.ts';
import { percentile, row, type BenchRow } from './stats.ts';

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

export async function edgeBench(options: { rounds?: number; throughputRequests?: number } = {}) {
  const rounds = options.rounds ?? 200;
  const total = options.throughputRequests ?? 800;
  const wrangler = await startWrangler({
    vars: {
      LIVEKIT_URL: 'ws://127.0.0.1:7880',
      LIVEKIT_API_KEY: 'benchkey',
      LIVEKIT_API_SECRET: 'bench-secret-bench-secret-bench-secret',
      READER_TOKEN_SECRET: 'bench-reader-secret',
    },
  });
  try {
    const json = (path: string, body: unknown) => () =>
      fetch(`${wrangler.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomUUID() },
        body: JSON.stringify(body),
      });
    const routes: Route[] = [
      { name: 'GET /api/health', request: () => fetch(`${wrangler.url}/api/health`) },
      {
        name: 'POST /api/voice/token (local reader)',
        request: json('/api/voice/token', { sessionId: randomUUID(), mode: 'text' }),
      },
      { name: 'POST /api/livekit/token', request: json('/api/livekit/token', {}) },
    ];
    // Warm up each route (first requests compile and cache).
    for (const route of routes) for (let i = 0; i < 20; i++) await timeOnce(route);

    const samples = new Map(routes.map((route) => [route.name, [] as number[]]));
    for (let i = 0; i < rounds; i++) {
      for (const route of routes) samples.get(route.name)?.push(await timeOnce(route));
    }
    const throughput = new Map<string, number>();
    for (const route of routes) {
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next++ < total) await timeOnce(route);
        }),
      );
      throughput.set(route.name, total / ((performance.now() - start) / 1000));
    }

    const rows: BenchRow[] = [];
    const [base] = routes;
    if (!base) throw new Error('no baseline route');
    const baseSamples = samples.get(base.name) ?? [];
    for (const route of routes) {
      const values = samples.get(route.name) ?? [];
      for (const p of [50, 95]) {
        rows.push(
          row('edge', `${route.name} p${p} latency`, percentile(values, p), 'ms', {
            name: `${base.name} p${p}`,
            value: percentile(baseSamples, p),
          }),
        );
      }
      rows.push(
        row('edge', `${route.name} throughput`, throughput.get(route.name) ?? 0, 'req/s', {
          name: `${base.name} throughput`,
          value: throughput.get(base.name) ?? 1,
        }),
      );
    }
    return rows;
  } finally {
    await wrangler.stop();
  }
}
