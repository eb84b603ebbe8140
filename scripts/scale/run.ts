/**
 * `npm run scale` (and `BENCH=scale npm run bench`): BMO on a cluster on this machine (Redis, two
 * LiveKit nodes, a signal balancer, three workers, the edge; tests/support/scale-cluster.ts),
 * steps of 10, 25, 50 and 100 visitors at once, stopping after the first step past capacity (an
 * answer p95 over 1 s, or a session that did not complete), then the faults at the largest step
 * within capacity. Writes its rows into bench/results.json and its table into docs/scaling.md.
 *
 * Settings: SCALE_STEPS (10,25,50,100), SCALE_WORKERS (3), SCALE_NODES (2), SCALE_MAX_JOBS
 * (BMO_MAX_JOBS of each worker, 20), SCALE_FAULTS (true), SCALE_READINGS (50,200: the reader's
 * steps, scripts/scale/reader-load.ts; empty to skip).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dispose } from '@livekit/rtc-node';
import { mintToken } from '../../tests/support/bmo-visitor.ts';
import { ROOT } from '../../tests/support/paths.ts';
import { WORKER_LOAD_THRESHOLD, startCluster } from '../../tests/support/scale-cluster.ts';
import { type BenchRow, percentile } from '../../tests/bench/stats.ts';
import { killWorker, stopNode, stopRedis } from './faults.ts';
import { type StepReport, drained, runStep } from './step.ts';
import { readerLoad, readerTable } from './reader-load.ts';
import { scaleRows, scaleTable, writeDocSection } from './report.ts';

function numbers(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  return raw.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: ${part} is not a count`);
    return value;
  });
}

const one = (name: string, fallback: number) => numbers(name, [fallback])[0] ?? fallback;

/** A step is within capacity when every session completed and the answer p95 is under 1 s. */
export const withinCapacity = (step: StepReport): boolean =>
  step.completed === step.visitors && step.answerMs.p95 <= 1_000;

export async function scaleBench(): Promise<BenchRow[]> {
  const settings = {
    nodes: one('SCALE_NODES', 2),
    workers: one('SCALE_WORKERS', 3),
    maxJobs: one('SCALE_MAX_JOBS', 20),
  };
  const steps = numbers('SCALE_STEPS', [10, 25, 50, 100]);
  const loadAtStart = loadavg()[0] ?? 0;
  const cluster = await startCluster(settings);
  try {
    // the token route idle: one request at a time (each makes a room, which closes unjoined)
    const idle: number[] = [];
    for (let i = 0; i < 10; i++) idle.push((await mintToken(cluster.edge.url, cluster.origin)).ms);
    await drained(cluster);

    const reports: StepReport[] = [];
    for (const visitors of steps) {
      process.stdout.write(`scale: ${visitors} visitors…\n`);
      const report = await runStep(cluster, visitors);
      reports.push(report);
      process.stdout.write(
        `scale: ${visitors} visitors: ${report.completed}/${report.visitors} completed, answer p95 ${report.answerMs.p95} ms\n`,
      );
      await drained(cluster);
      if (!withinCapacity(report)) break;
    }
    // the faults run at the largest step within capacity; when even the first step's answers were
    // slow (a busy machine) but every session completed, at that step, and the table says which
    const good =
      reports.filter(withinCapacity).at(-1) ??
      reports.find((step) => step.completed === step.visitors);
    const faults =
      good && process.env.SCALE_FAULTS !== 'false'
        ? {
            worker: await killWorker(cluster, good.visitors),
            node: await (async () => {
              await drained(cluster);
              return stopNode(cluster, good.visitors);
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
    };
    await writeDocSection('scale:table', scaleTable(reports, faults, context));
    writeFileSync(
      join(ROOT, 'bench/scale-details.json'),
      JSON.stringify(
        { context, reports, faults },
        (key, value: unknown) => (key === 'results' ? undefined : value),
        2,
      ),
    );
    return scaleRows(reports, faults, context);
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = process.env.SCALE_STEPS === '' ? [] : await scaleBench();
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
