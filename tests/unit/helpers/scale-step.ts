/** A step of the scale run as the report reads it, with its figures fixed: `answerP95` decides it. */
import type { StepReport } from '../../../scripts/scale/step.ts';

export const spread = (p50: number, p95: number, p99: number) => ({ p50, p95, p99 });

export const step = (visitors: number, answerP95: number): StepReport => ({
  visitors,
  started: visitors,
  completed: visitors,
  failures: answerP95 > 1_000 ? ['visitor 3: BMO did not answer within 120 s'] : [],
  durationMs: 90_000,
  answerMs: spread(876, answerP95, 2571),
  cassetteMs: spread(933, 1299, 1299),
  tokenMs: spread(600, 1362, 1400),
  bmoReadyMs: spread(20_000, 40_000, 41_000),
  jobsPerWorker: { 'worker-1': 1, 'worker-2': 2, 'worker-3': 4 },
  peakJobsPerWorker: { 'worker-1': 1, 'worker-2': 2, 'worker-3': 3 },
  roomsPerNode: { 'node A': 2, 'node B': 5 },
  cpu: {
    wallSeconds: 61.2,
    workers: { 'worker-1': 3.41, 'worker-2': 6.02, 'worker-3': 11.7 },
    livekit: 2.28,
    redis: 0.17,
    edge: 1.22,
    visitors: 10.78,
    others: 16.86,
    processes: 52.44,
    procStat: 53.1,
  },
  cpuPerSession: { workers: 3.02, servers: 3.55 },
  memory: {
    workerAtRestMiB: { 'worker-1': 301, 'worker-2': 298, 'worker-3': 305 },
    workerPeakMiB: { 'worker-1': 402, 'worker-2': 500, 'worker-3': 711 },
    peakSessions: 6,
    perSessionMiB: 118.2,
  },
  machine: { loadBefore: 36.7, loadAfter: 45.5, cores: 2 },
  visitorLoopLagMs: { p99: 180, max: 900 },
  lateJoins: 0,
  results: [],
});
