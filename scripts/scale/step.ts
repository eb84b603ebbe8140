/**
 * One step of the scale run: `visitors` simulated visitors at once against the cluster, each a
 * whole visit (tests/support/bmo-visitor.ts), and what the step cost: answer and cassette times,
 * the token route's time, which worker took each job and which node held each room, the CPU of
 * every part of the machine (each worker with its job processes, ended ones included; LiveKit;
 * Redis; the edge; the visitors; everything else) beside `/proc/stat`'s, and the workers' memory.
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type VisitOptions, type VisitResult, visit } from '../../tests/support/bmo-visitor.ts';
import {
  type Member,
  type ProcessTable,
  busySecondsBetween,
  cpuSecondsBetween,
  inGroup,
  isProcess,
  memoryOf,
  readProcesses,
  sampleProcesses,
} from '../../tests/support/process-usage.ts';
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

/**
 * CPU seconds over one step, by part of the machine. Each part counts its processes that ended
 * during the step (a job process, reaped by its worker), so the parts add up to every process's
 * time, which `/proc/stat` gives too (tests/support/process-usage.ts).
 */
export interface StepCpu {
  /** Wall seconds the step took. */
  wallSeconds: number;
  /** Each worker with its job processes. */
  workers: Record<string, number>;
  /** The LiveKit nodes with their signal balancers, Redis, the edge (wrangler and workerd). */
  livekit: number;
  redis: number;
  edge: number;
  /** The simulated visitors: this process (their rtc-node clients run in it). */
  visitors: number;
  /** Every other process on the machine: work that shares it, not the run's. */
  others: number;
  /** The sum over every process, and the machine's busy time from `/proc/stat`. */
  processes: number;
  procStat: number;
}

/** Memory of the workers (proportional set size: shared pages split, so the figures add up). */
export interface StepMemory {
  /** Each worker before the step: the worker and its idle job processes, MiB. */
  workerAtRestMiB: Record<string, number>;
  /** Each worker's most during the step, MiB. */
  workerPeakMiB: Record<string, number>;
  /** The most sessions the workers held at once (at a memory sample). */
  peakSessions: number;
  /** The workers' memory above rest at that sample, per session held, MiB. */
  perSessionMiB: number;
}

export interface StepReport {
  visitors: number;
  /** Which run of its step this is (1 the first), where a step runs more than once. */
  run?: number;
  started: number;
  completed: number;
  /** The first few failures, in words. */
  failures: string[];
  durationMs: number;
  answerMs: Spread;
  cassetteMs: Spread;
  tokenMs: Spread;
  bmoReadyMs: Spread;
  /** The jobs each worker took over the step (rooms whose job it started). */
  jobsPerWorker: Record<string, number>;
  /** The most jobs each worker held at once during the step. */
  peakJobsPerWorker: Record<string, number>;
  roomsPerNode: Record<string, number>;
  cpu: StepCpu;
  /** The workers' CPU seconds per completed session, and the servers' (workers, LiveKit, Redis, edge). */
  cpuPerSession: { workers: number; servers: number };
  memory: StepMemory;
  /** The machine's 1-minute load average at the start and the end, and its cores. */
  machine: { loadBefore: number; loadAfter: number; cores: number };
  /**
   * How late the visitors' event loop ran over the step, ms (p99 and most): their rtc-node
   * clients' handshakes must come within 15 s (tests/support/rtc-join.ts).
   */
  visitorLoopLagMs: { p99: number; max: number };
  /** Joins the visitors made again because that handshake came too late. */
  lateJoins: number;
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

/** The worker holding each room's job now: started and not yet ended. */
export function runningJobs(cluster: Cluster): Map<string, string> {
  const map = new Map<string, string>();
  for (const { name, worker } of cluster.workers) {
    for (const event of worker.events) {
      if (typeof event.room !== 'string') continue;
      if (event.event === 'job_start') map.set(event.room, name);
      if (event.event === 'job_end') map.delete(event.room);
    }
  }
  return map;
}

/** How far each worker's events go now: where a step's events begin. */
export const eventMarks = (cluster: Cluster): Record<string, number> =>
  Object.fromEntries(cluster.workers.map(({ name, worker }) => [name, worker.events.length]));

/**
 * Jobs each worker holds now (started and not yet ended), and the most it held at once since its
 * events reached `from` (all along when not given), counted from its `job_start` and `job_end`.
 */
export function jobCounts(
  cluster: Cluster,
  from: Record<string, number> = {},
): Record<string, { held: number; peak: number }> {
  const counts: Record<string, { held: number; peak: number }> = {};
  for (const { name, worker } of cluster.workers) {
    const start = from[name] ?? 0;
    let held = 0;
    let peak = 0;
    worker.events.forEach((event, i) => {
      if (event.event === 'job_start') held += 1;
      if (event.event === 'job_end') held -= 1;
      if (i + 1 >= start) peak = Math.max(peak, held);
    });
    counts[name] = { held, peak };
  }
  return counts;
}

/** Jobs each worker holds now: started and not yet ended. */
export function heldJobs(cluster: Cluster): Record<string, number> {
  return Object.fromEntries(
    Object.entries(jobCounts(cluster)).map(([name, { held }]) => [name, held]),
  );
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

/** A worker at rest, its idle job processes ready, uses less of a core than this. */
const AT_REST_CORES = 0.1;

/**
 * Waits until the workers are at rest: every job ended (`drained`), then their processes (job
 * processes included) under a tenth of a core for two seconds running. After a step each worker
 * starts job processes in place of those its jobs used (about a CPU second each), and a step begun
 * before they are ready shares the machine with them: runs of one step measured one after another
 * read slower each time (870, 1,065, 1,638 ms at p95 for 10 visitors). False if `ms` passes first.
 */
export async function atRest(cluster: Cluster, ms = 90_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  if (!(await drained(cluster, ms))) return false;
  const members = runParts(cluster).workers.map(([, member]) => member);
  const inWorkers: Member = (p) => members.some((member) => member(p));
  let quietSeconds = 0;
  let before = await sampleProcesses();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await sampleProcesses();
    const seconds = (after.at - before.at) / 1_000;
    const cores = cpuSecondsBetween(before, after, inWorkers) / seconds;
    quietSeconds = cores < AT_REST_CORES ? quietSeconds + 1 : 0;
    if (quietSeconds >= 2) return true;
    before = after;
  }
  return false;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** What each part of the run is, as processes (tests/support/process-usage.ts). */
export function runParts(cluster: Cluster): {
  workers: [string, Member][];
  livekit: Member;
  redis: Member;
  edge: Member;
  visitors: Member;
} {
  // the LiveKit nodes and the balancers in front of them (each in a process of its own)
  const livekitPids = new Set([
    ...cluster.nodes.map(({ server }) => server.pid),
    cluster.balancer.pid,
    cluster.workerEntry.pid,
  ]);
  return {
    workers: cluster.workers.map(({ name, worker }) => [name, inGroup(worker.pid)]),
    livekit: (p) => livekitPids.has(p.pid),
    redis: isProcess(cluster.redis.pid),
    edge: inGroup(cluster.edge.pid),
    visitors: isProcess(process.pid),
  };
}

/** The CPU each part used between two readings, and the machine's. */
export function stepCpu(cluster: Cluster, before: ProcessTable, after: ProcessTable): StepCpu {
  const parts = runParts(cluster);
  const of = (member: Member) => round(cpuSecondsBetween(before, after, member));
  const workers = Object.fromEntries(parts.workers.map(([name, member]) => [name, of(member)]));
  const run = [
    ...parts.workers.map(([, member]) => member),
    parts.livekit,
    parts.redis,
    parts.edge,
  ];
  run.push(parts.visitors);
  return {
    wallSeconds: round((after.at - before.at) / 1000, 1),
    workers,
    livekit: of(parts.livekit),
    redis: of(parts.redis),
    edge: of(parts.edge),
    visitors: of(parts.visitors),
    others: of((p) => !run.some((member) => member(p))),
    processes: of(() => true),
    procStat: round(busySecondsBetween(before, after)),
  };
}

/** One visit of a kind (typed by default, tests/support/bmo-visitor.ts), where the cluster is. */
export type Visitor = (where: {
  edge: string;
  origin: string;
  bmoTimeoutMs: number;
}) => Promise<VisitResult>;

export async function runStep(
  cluster: Cluster,
  visitors: number,
  options: Partial<VisitOptions> = {},
  visitor: Visitor = (where) => visit({ ...where, ...options }),
): Promise<StepReport> {
  const loadBefore = loadavg()[0] ?? 0;
  const parts = runParts(cluster);
  const workersMiB = async (table: ProcessTable) => {
    const mib: Record<string, number> = {};
    for (const [name, member] of parts.workers) mib[name] = (await memoryOf(table, member)).pssMiB;
    return mib;
  };
  const atRest = await workersMiB(await sampleProcesses());
  const before = readProcesses();
  const peakMiB: Record<string, number> = { ...atRest };
  const marks = eventMarks(cluster);
  let mostHeld = { sessions: 0, aboveRestMiB: 0 };
  const nodeOf = new Map<string, string>();
  const sample = async () => {
    // read without holding the event loop, which the visitors and the balancers share
    const now = await workersMiB(await sampleProcesses());
    for (const [name, mib] of Object.entries(now))
      peakMiB[name] = Math.max(peakMiB[name] ?? 0, mib);
    const held = heldJobs(cluster);
    const sessions = sum(Object.values(held).map((n) => Math.max(0, n)));
    if (sessions > 0 && sessions >= mostHeld.sessions) {
      mostHeld = { sessions, aboveRestMiB: sum(Object.values(now)) - sum(Object.values(atRest)) };
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

  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: visitors }, () =>
      visitor({ edge: cluster.edge.url, origin: cluster.origin, bmoTimeoutMs: BMO_JOIN_MS }),
    ),
  );
  const durationMs = performance.now() - started;
  lag.disable();
  const after = readProcesses();
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
  const cpu = stepCpu(cluster, before, after);
  const completed = results.filter((r) => r.ok).length;
  const perSession = (seconds: number) => round(seconds / Math.max(1, completed));
  const workerSeconds = sum(Object.values(cpu.workers));
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
    peakJobsPerWorker: Object.fromEntries(
      Object.entries(jobCounts(cluster, marks)).map(([name, { peak }]) => [name, peak]),
    ),
    roomsPerNode,
    cpu,
    cpuPerSession: {
      workers: perSession(workerSeconds),
      servers: perSession(workerSeconds + cpu.livekit + cpu.redis + cpu.edge),
    },
    memory: {
      workerAtRestMiB: Object.fromEntries(
        Object.entries(atRest).map(([name, mib]) => [name, Math.round(mib)]),
      ),
      workerPeakMiB: Object.fromEntries(
        Object.entries(peakMiB).map(([name, mib]) => [name, Math.round(mib)]),
      ),
      peakSessions: mostHeld.sessions,
      perSessionMiB: round(mostHeld.aboveRestMiB / Math.max(1, mostHeld.sessions), 1),
    },
    machine: { loadBefore, loadAfter: loadavg()[0] ?? 0, cores: cpus().length },
    visitorLoopLagMs: {
      p99: Math.round(lag.percentile(99) / 1e6),
      max: Math.round(lag.max / 1e6),
    },
    lateJoins: sum(results.map((r) => r.lateJoins)),
    results,
  };
}
