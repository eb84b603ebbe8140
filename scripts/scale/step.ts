/**
 * One step of the scale run: `visitors` simulated visitors at once against the cluster, each a
 * whole visit (tests/support/bmo-visitor.ts), and what the step cost: answer and cassette times,
 * the token route's time, which worker took each job and which node held each room, and the CPU
 * and memory of each worker's process group.
 */
import { cpus, loadavg } from 'node:os';
import { type VisitOptions, type VisitResult, visit } from '../../tests/support/bmo-visitor.ts';
import { groupUsage } from '../../tests/support/process-usage.ts';
import type { Cluster } from '../../tests/support/scale-cluster.ts';
import { percentile } from '../../tests/bench/stats.ts';

/**
 * How long a visitor waits for BMO: a job process boots per room, and on a shared machine that
 * took up to a minute (the step's time bound is this plus three answers).
 */
export const BMO_JOIN_MS = 120_000;

export interface Spread {
  p50: number;
  p95: number;
  p99: number;
}

export interface StepReport {
  visitors: number;
  started: number;
  completed: number;
  /** The first few failures, in words. */
  failures: string[];
  durationMs: number;
  answerMs: Spread;
  cassetteMs: Spread;
  tokenMs: Spread;
  bmoReadyMs: Spread;
  jobsPerWorker: Record<string, number>;
  /** The most jobs one worker held at once during the step. */
  peakJobsPerWorker: Record<string, number>;
  roomsPerNode: Record<string, number>;
  /** CPU cores each worker used over the step (CPU seconds / wall seconds). */
  workerCores: Record<string, number>;
  /** Each worker's peak resident memory, MiB. */
  workerPeakMiB: Record<string, number>;
  cpuSecondsPerSession: number;
  /** Peak worker memory above idle, per session held at the peak, MiB. */
  memoryPerSessionMiB: number;
  /** The machine's 1-minute load average at the start and the end, and its cores. */
  machine: { loadBefore: number; loadAfter: number; cores: number };
  results: VisitResult[];
}

export const spread = (values: readonly number[]): Spread => ({
  p50: Math.round(percentile(values, 50)),
  p95: Math.round(percentile(values, 95)),
  p99: Math.round(percentile(values, 99)),
});

/** Which node holds each room, from LiveKit's own map in Redis (node ids named node A, B, …). */
async function roomNodes(cluster: Cluster): Promise<Map<string, string>> {
  const flat = await cluster.redis.query('HGETALL', 'room_node_map').catch(() => []);
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const room = flat[i];
    const node = flat[i + 1];
    if (room && node) map.set(room, node);
  }
  return map;
}

/** The worker that took each room's job, from the workers' `job_start` events. */
export function jobWorkers(cluster: Cluster): Map<string, string> {
  const map = new Map<string, string>();
  for (const { name, worker } of cluster.workers) {
    for (const event of worker.events) {
      if (event.event === 'job_start' && typeof event.room === 'string') map.set(event.room, name);
    }
  }
  return map;
}

/** Jobs each worker holds now: started and not yet ended. */
export function heldJobs(cluster: Cluster): Record<string, number> {
  const held: Record<string, number> = {};
  for (const { name, worker } of cluster.workers) {
    let count = 0;
    for (const event of worker.events) {
      if (event.event === 'job_start') count += 1;
      if (event.event === 'job_end') count -= 1;
    }
    held[name] = count;
  }
  return held;
}

/** Resolves once no worker holds a job (the rooms of the last step have closed), or after `ms`. */
export async function drained(cluster: Cluster, ms = 60_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (Object.values(heldJobs(cluster)).every((n) => n <= 0)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

export async function runStep(
  cluster: Cluster,
  visitors: number,
  options: Partial<VisitOptions> = {},
): Promise<StepReport> {
  const loadBefore = loadavg()[0] ?? 0;
  const pgid = (name: string) => cluster.workers.find((w) => w.name === name)?.worker.pid;
  const idle = Object.fromEntries(
    cluster.workers.map(({ name, worker }) => [
      name,
      worker.pid === undefined
        ? { cpuSeconds: 0, rssMiB: 0, processes: 0 }
        : groupUsage(worker.pid),
    ]),
  );
  const peakMiB: Record<string, number> = {};
  const peakJobs: Record<string, number> = {};
  const nodeOf = new Map<string, string>();
  const sample = async () => {
    for (const { name } of cluster.workers) {
      const pid = pgid(name);
      if (pid === undefined) continue;
      peakMiB[name] = Math.max(peakMiB[name] ?? 0, groupUsage(pid).rssMiB);
    }
    for (const [name, held] of Object.entries(heldJobs(cluster))) {
      peakJobs[name] = Math.max(peakJobs[name] ?? 0, held);
    }
    for (const [room, node] of await roomNodes(cluster)) nodeOf.set(room, node);
  };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();

  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: visitors }, () =>
      visit({
        edge: cluster.edge.url,
        origin: cluster.origin,
        bmoTimeoutMs: BMO_JOIN_MS,
        ...options,
      }),
    ),
  );
  const durationMs = performance.now() - started;
  sampling = false;
  await sampler;

  const rooms = new Set(results.flatMap((r) => r.rooms));
  const workerOf = jobWorkers(cluster);
  const jobsPerWorker: Record<string, number> = Object.fromEntries(
    cluster.workers.map(({ name }) => [name, 0]),
  );
  for (const room of rooms) {
    const name = workerOf.get(room);
    if (name) jobsPerWorker[name] = (jobsPerWorker[name] ?? 0) + 1;
  }
  const nodeIds = [...new Set([...nodeOf.values()])].sort();
  const roomsPerNode: Record<string, number> = {};
  for (const room of rooms) {
    const id = nodeOf.get(room);
    if (!id) continue;
    const label = `node ${String.fromCharCode(65 + nodeIds.indexOf(id))}`;
    roomsPerNode[label] = (roomsPerNode[label] ?? 0) + 1;
  }
  const workerCores: Record<string, number> = {};
  let cpuSeconds = 0;
  let extraMiB = 0;
  for (const { name } of cluster.workers) {
    const pid = pgid(name);
    const now = pid === undefined ? undefined : groupUsage(pid);
    const before = idle[name];
    // CPU of job processes that ended during the step is not in either reading: a floor
    const used = now && before ? Math.max(0, now.cpuSeconds - before.cpuSeconds) : 0;
    cpuSeconds += used;
    workerCores[name] = Math.round((used / (durationMs / 1000)) * 100) / 100;
    extraMiB += Math.max(0, (peakMiB[name] ?? 0) - (before?.rssMiB ?? 0));
    peakMiB[name] = Math.round(peakMiB[name] ?? 0);
  }
  const completed = results.filter((r) => r.ok).length;
  const peakSessions = Object.values(peakJobs).reduce((a, b) => a + Math.max(0, b), 0);
  return {
    visitors,
    started: results.filter((r) => r.rooms.length > 0).length,
    completed,
    failures: results.flatMap((r) => (r.error ? [r.error] : [])).slice(0, 5),
    durationMs: Math.round(durationMs),
    answerMs: spread(results.flatMap((r) => r.answerMs)),
    cassetteMs: spread(results.flatMap((r) => r.cassetteMs)),
    tokenMs: spread(results.flatMap((r) => r.tokenMs)),
    bmoReadyMs: spread(results.flatMap((r) => r.bmoReadyMs)),
    jobsPerWorker,
    peakJobsPerWorker: peakJobs,
    roomsPerNode,
    workerCores,
    workerPeakMiB: peakMiB,
    cpuSecondsPerSession: Math.round((cpuSeconds / Math.max(1, completed)) * 100) / 100,
    memoryPerSessionMiB: Math.round((extraMiB / Math.max(1, peakSessions)) * 10) / 10,
    machine: { loadBefore, loadAfter: loadavg()[0] ?? 0, cores: cpus().length },
    results,
  };
}
