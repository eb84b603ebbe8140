import { expect, test } from '@playwright/test';
import { killWorker } from '../../scripts/scale/faults.ts';
import { heldJobs, jobWorkers } from '../../scripts/scale/step.ts';
import type { VisitResult } from '../support/bmo-visitor.ts';
import { type Cluster, startCluster } from '../support/scale-cluster.ts';

// BMO past one machine, CI-sized: Redis, two LiveKit nodes sharing it behind the signal balancer,
// two BMO workers and the edge, all started here (not the layer's shared server), and ten visitors
// on @livekit/rtc-node doing what the page does. One worker is killed while every visitor is
// mid-conversation. `npm run scale` runs the same at 10 to 100 visitors.

// Each worker's hard limit (agent/job-capacity.ts refuses a job past it). Ten: when one worker is
// killed, the other must be able to take all ten visitors back, or a refused visitor goes without
// BMO (which is what a limit means) and the run's "every session completes" could not hold.
const MAX_JOBS = 10;

// The cluster boots, ten job processes boot at once, and the killed worker's rooms boot again.
test.describe.configure({ timeout: 300_000 });

/** For a failure message: each visit's rooms, the worker whose job started in each (none: BMO
 * never came), how long BMO took to be ready, and the jobs each worker refused. */
function whatHappened(results: VisitResult[], workerOf: Map<string, string>, cluster: Cluster) {
  const visits = results.map((r) => ({
    ok: r.ok,
    error: r.error,
    rooms: r.rooms.map((room) => `${room} on ${workerOf.get(room) ?? 'no worker'}`),
    readyMs: r.bmoReadyMs.map(Math.round),
  }));
  const refused = cluster.workers.map(
    ({ name, worker }) =>
      `${name} refused ${worker.events.filter((e) => e.event === 'job_refused').length}`,
  );
  return JSON.stringify({ visits, refused }, null, 1);
}

test('ten visitors on two nodes and two workers: every session completes, jobs reach both workers, none holds more than BMO_MAX_JOBS, a killed worker costs only its own sessions, and stopping the cluster leaves nothing running', async () => {
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ nodes: 2, workers: 2, maxJobs: MAX_JOBS });
    const running = cluster;
    const peak: Record<string, number> = {};
    const sampler = setInterval(() => {
      for (const [name, held] of Object.entries(heldJobs(running))) {
        peak[name] = Math.max(peak[name] ?? 0, held);
      }
    }, 100);
    const report = await killWorker(running, 10).finally(() => clearInterval(sampler));

    const failed = report.results.filter((r) => !r.ok).map((r) => r.error);
    const workerOf = jobWorkers(running);
    expect(failed, whatHappened(report.results, workerOf, running)).toEqual([]);
    // every first room's job went to one of the two workers, and both took some
    const firstRooms = report.results.map((r) => r.rooms[0]);
    expect(new Set(firstRooms.map((room) => room && workerOf.get(room)))).toEqual(
      new Set(['worker-1', 'worker-2']),
    );
    for (const held of Object.values(peak)) expect(held).toBeLessThanOrEqual(MAX_JOBS);
    // the killed worker's visitors saw BMO leave and got it back; nobody else noticed
    expect(report.affected).toBeGreaterThan(0);
    expect(report.affectedRecovered).toBe(report.affected);
    expect(report.othersDisturbed).toBe(0);
  } finally {
    await cluster?.stop();
  }
  expect(await cluster?.leftovers()).toEqual([]);
});
