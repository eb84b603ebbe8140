/**
 * What each part of a token route costs inside workerd: the bench-only Worker of
 * edge-parts.worker.ts under `wrangler dev`, asked to run each part many times in a row and time
 * it in the isolate (no HTTP hop, no wrangler proxy in the figure). The parts are interleaved
 * round by round, so the machine's drift hits them alike; each figure is the median over rounds,
 * in µs per call, beside its baseline: the whole no-op request for whole requests, the no-op's own
 * work (no rate-limit call) for a route's own work and its parts, so a ratio reads as "this costs
 * N no-ops". Log lines are counted per request, not timed.
 */
import { fileURLToPath } from 'node:url';
import { startWrangler } from '../support/wrangler.ts';
import { median, row, type BenchRow } from './stats.ts';

const CONFIG = fileURLToPath(new URL('./edge-parts.wrangler.toml', import.meta.url));
/** How long one timed batch runs inside the isolate, ms: well above the clock's 1 ms steps. */
const BATCH_MS = 40;

/** A part as the worker lists it, with the part its figure is compared with. */
interface Part {
  name: string;
  baseline: string;
}

interface Batch {
  ms: number;
  logLines: number;
}

export async function edgePartsBench(options: {
  vars: Record<string, string>;
  rounds?: number;
}): Promise<BenchRow[]> {
  const rounds = options.rounds ?? 15;
  const wrangler = await startWrangler({ config: CONFIG, vars: options.vars });
  try {
    const batch = async (name: string, n: number): Promise<Batch> => {
      const response = await fetch(
        `${wrangler.url}/parts?name=${encodeURIComponent(name)}&n=${n}`,
      );
      if (!response.ok) throw new Error(`part ${name} answered ${response.status}`);
      return (await response.json()) as Batch;
    };
    const parts = (await (await fetch(`${wrangler.url}/parts/names`)).json()) as Part[];
    const names = parts.map((part) => part.name);
    // Warm up and size each batch so it runs about BATCH_MS.
    const sizes = new Map<string, number>();
    for (const name of names) {
      let n = 4;
      let last = await batch(name, n);
      while (last.ms < BATCH_MS && n < 50_000) {
        n = Math.ceil((n * BATCH_MS) / Math.max(last.ms, BATCH_MS / 8));
        last = await batch(name, n);
      }
      sizes.set(name, n);
    }
    const perCall = new Map(names.map((name) => [name, [] as number[]]));
    const logLines = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      for (const name of names) {
        const n = sizes.get(name) ?? 1;
        const result = await batch(name, n);
        perCall.get(name)?.push((result.ms * 1000) / n);
        logLines.set(name, Math.max(logLines.get(name) ?? 0, result.logLines / n));
      }
    }

    const figure = (name: string) => median(perCall.get(name) ?? []);
    const inWorkerd = (name: string) => `${name} (in workerd)`;
    const rows: BenchRow[] = [];
    for (const { name, baseline } of parts) {
      rows.push(
        name === baseline
          ? row('edge-parts', inWorkerd(name), figure(name), 'µs')
          : row('edge-parts', inWorkerd(name), figure(name), 'µs', {
              name: inWorkerd(baseline),
              value: figure(baseline),
            }),
      );
    }
    for (const name of names.filter((part) => part.startsWith('app: '))) {
      rows.push(
        row('edge-parts', `${name}: console lines per request`, logLines.get(name) ?? 0, 'lines'),
      );
    }
    return rows;
  } finally {
    await wrangler.stop();
  }
}
