/**
 * `npm run scale` (and `BENCH=scale npm run bench`): BMO on a cluster on this machine (Redis, two
 * LiveKit nodes, a signal balancer, three workers registered through their own entry, the edge;
 * tests/support/scale-cluster.ts). Finds the capacity for text visitors by bisection
 * (scripts/scale/bisect.ts: steps of visitors at once, each within capacity or past it by the stop
 * rule in report.ts, each run SCALE_REPEATS times after a warm-up step), then runs the faults at
 * the largest step within capacity. Writes its rows into bench/results.json and its tables into
 * docs/scaling.md.
 *
 * Settings: SCALE_FIRST (the first step's visitors, 10; 0 skips BMO), SCALE_WORKERS (3),
 * SCALE_NODES (2), SCALE_MAX_JOBS (BMO_MAX_JOBS of each worker, 20), SCALE_FAULTS (true),
 * SCALE_READINGS (50,200: the reader's steps, scripts/scale/reader-load.ts; empty to skip),
 * SCALE_REPEATS (3: the runs of each step), SCALE_WARM_UP (true: one unreported step first).
 * SCALE_KIND=voice runs the voice visitors' capacity instead (scripts/scale/voice.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dispose } from '@livekit/rtc-node';
import { mintToken } from '../../tests/support/bmo-visitor.ts';
import { ROOT } from '../../tests/support/paths.ts';
import {
  WORKER_LOAD_THRESHOLD,
  jobsUntilFull,
  startCluster,
} from '../../tests/support/scale-cluster.ts';
import { type BenchRow, percentile } from '../../tests/bench/stats.ts';
import { requireLiveKitServer } from '../livekit-local.ts';
import { findCapacity, runsOfStep } from './bisect.ts';
import { killWorker, stopNode, stopRedis } from './faults.ts';
import { type StepReport, atRest, drained, runStep } from './step.ts';
import { readerLoad, readerTable } from './reader-load.ts';
import { voiceScale } from './voice.ts';
import { decided, scaleRows, scaleTable, withinCapacity, writeDocSection } from './report.ts';

function numbers(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  return raw.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name}: ${part} is not a count`);
    return value;
  });
}

const one = (name: string, fallback: number) => numbers(name, [fallback])[0] ?? fallback;

/** A progress line, with the machine's 1-minute load average. */
const say = (text: string) =>
  process.stdout.write(`scale: ${text} (load average ${(loadavg()[0] ?? 0).toFixed(1)})\n`);

export async function scaleBench(): Promise<BenchRow[]> {
  requireLiveKitServer();
  const settings = {
    nodes: one('SCALE_NODES', 2),
    workers: one('SCALE_WORKERS', 3),
    maxJobs: one('SCALE_MAX_JOBS', 20),
  };
  const limits = {
    first: one('SCALE_FIRST', 10),
    most: settings.workers * jobsUntilFull(settings.maxJobs),
  };
  const repeats = Math.max(1, one('SCALE_REPEATS', 3));
  const warmUp = process.env.SCALE_WARM_UP !== 'false';
  const loadAtStart = loadavg()[0] ?? 0;
  const cluster = await startCluster(settings);
  try {
    // the token route idle: one request at a time (each makes a room, which closes unjoined)
    const idle: number[] = [];
    for (let i = 0; i < 10; i++) idle.push((await mintToken(cluster.edge.url, cluster.origin)).ms);
    await drained(cluster);

    // A warm-up step, not reported: the run's first step met cold caches and job processes
    // started for the first time, and read slower than the same step later.
    if (warmUp) {
      say(`warm-up: ${limits.first} visitors`);
      const warm = await runStep(cluster, Math.min(limits.first, limits.most));
      say(
        `warm-up: ${warm.completed}/${warm.visitors} completed, answer p95 ${warm.answerMs.p95} ms`,
      );
      await atRest(cluster);
    }

    const reports: StepReport[] = [];
    const bounds = await findCapacity(limits, async (visitors) => {
      const runs = await runsOfStep(
        repeats,
        async (run) => {
          say(`${visitors} visitors, run ${run} of ${repeats}`);
          const report: StepReport = { ...(await runStep(cluster, visitors)), run };
          say(
            `${visitors} visitors, run ${run}: ${report.completed}/${report.visitors} completed, answer p95 ${report.answerMs.p95} ms; jobs per worker ${Object.values(report.jobsPerWorker).join(' / ')}${report.failures.length > 0 ? `; failures: ${report.failures.join('; ')}` : ''}`,
          );
          await atRest(cluster);
          return report;
        },
        (runs) => decided(runs, repeats),
      );
      reports.push(...runs);
      const within = withinCapacity(runs);
      say(`${visitors} visitors: ${within ? 'within' : 'past'} capacity`);
      return within;
    });
    // the faults run at the largest step within capacity, or fewer if the workers left after one
    // is killed could not take them all; when no step was within capacity (a busy machine), at
    // the smallest step where every session completed, and the report says so
    const largest =
      bounds.within ??
      reports
        .filter((step) => step.completed === step.visitors)
        .map((step) => step.visitors)
        .sort((a, b) => a - b)[0];
    const faultVisitors =
      largest === undefined
        ? undefined
        : Math.min(largest, (settings.workers - 1) * jobsUntilFull(settings.maxJobs));
    const faults =
      faultVisitors !== undefined && process.env.SCALE_FAULTS !== 'false'
        ? {
            worker: await killWorker(cluster, faultVisitors),
            node: await (async () => {
              await drained(cluster);
              return stopNode(cluster, faultVisitors);
            })(),
            redis: await (async () => {
              await drained(cluster, 30_000);
              return stopRedis(cluster);
            })(),
          }
        : undefined;
    const context = {
      settings: { ...settings, loadThreshold: WORKER_LOAD_THRESHOLD },
      tokenIdleP95: percentile(idle, 95),
      cores: cpus().length,
      loadAtStart,
      loadAtEnd: loadavg()[0] ?? 0,
      repeats,
    };
    const capacity = { ...bounds, most: limits.most };
    await writeDocSection('scale:table', scaleTable(reports, capacity, faults, context));
    writeFileSync(
      join(ROOT, 'bench/scale-details.json'),
      JSON.stringify(
        { context, capacity, reports, faults },
        (key, value: unknown) => (key === 'results' ? undefined : value),
        2,
      ),
    );
    return scaleRows(reports, capacity, faults, context);
  } finally {
    await cluster.stop();
    const left = await cluster.leftovers();
    if (left.length > 0)
      process.stderr.write(`scale: still running after stop: ${left.join(', ')}\n`);
  }
}

/** Replaces the rows of the suites this run measured in bench/results.json, keeping the others. */
function mergeResults(rows: BenchRow[]): void {
  const path = join(ROOT, 'bench/results.json');
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  const previous: { rows?: BenchRow[] } = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as { rows?: BenchRow[] })
    : {};
  const suites = new Set(rows.map((r) => r.suite));
  const kept = (previous.rows ?? []).filter((r) => !suites.has(r.suite));
  writeFileSync(
    path,
    JSON.stringify(
      {
        ...previous,
        time: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        rows: [...kept, ...rows],
      },
      null,
      2,
    ),
  );
}

/** The reader's steps; their table goes into docs/scaling.md. */
export async function readerBench(): Promise<BenchRow[]> {
  const counts = process.env.SCALE_READINGS === '' ? [] : numbers('SCALE_READINGS', [50, 200]);
  if (counts.length === 0) return [];
  const { steps, rows } = await readerLoad(counts);
  await writeDocSection('reader:table', readerTable(steps));
  return rows;
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.env.SCALE_KIND === 'voice'
) {
  await voiceScale();
  await dispose();
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = one('SCALE_FIRST', 10) === 0 ? [] : await scaleBench();
  rows.push(...(await readerBench()));
  mergeResults(rows);
  console.table(
    rows.map((r) => ({ figure: r.name, value: `${r.value} ${r.unit}`, ratio: r.ratio ?? '' })),
  );
  console.log(
    `wrote ${rows.length} scale figures to bench/results.json and the table to docs/scaling.md`,
  );
  await dispose();
}
