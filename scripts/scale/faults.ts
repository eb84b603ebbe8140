/**
 * Faults at scale, each with every visitor of a step mid-conversation (all have had their first
 * answer): one worker killed (SIGKILL, a crash), the LiveKit node the workers are registered with
 * killed, Redis stopped. What each
 * costs is read from the visits: who lost BMO, who got it back on Reconnect and how fast, and who
 * noticed nothing.
 */
import { Room } from '@livekit/rtc-node';
import type { VisitResult } from '../../tests/support/bmo-visitor.ts';
import { BMO_EN } from '../../web-components/bmo/i18n/conversation-en.ts';
import { type Cluster, alive } from '../../tests/support/scale-cluster.ts';
import { mintToken, visit } from '../../tests/support/bmo-visitor.ts';
import { BMO_JOIN_MS, type Spread, runningJobs, spread } from './step.ts';

/** Holds each visitor after its first answer until every visit still running has one. */
class Gate {
  #waiting = 0;
  #running: number;
  #open: () => void = () => {};
  readonly opened: Promise<void>;
  #released: Promise<void>;
  #release: () => void = () => {};
  constructor(visitors: number) {
    this.#running = visitors;
    this.opened = new Promise((resolve) => (this.#open = resolve));
    this.#released = new Promise((resolve) => (this.#release = resolve));
  }
  /** A visitor has its first answer: wait for the fault. */
  arrive(): Promise<void> {
    this.#waiting += 1;
    this.#check();
    return this.#released;
  }
  /** A visit ended (it never arrives, or arrived and is done). */
  leave(): void {
    this.#running -= 1;
    this.#check();
  }
  release(): void {
    this.#release();
  }
  #check(): void {
    if (this.#waiting >= this.#running) this.#open();
  }
}

/** Runs `visitors` visits, does `fault` once all are mid-conversation, and returns the visits. */
async function withFault(
  cluster: Cluster,
  visitors: number,
  fault: () => Promise<void>,
): Promise<VisitResult[]> {
  const gate = new Gate(visitors);
  const visits = Array.from({ length: visitors }, async () => {
    let arrived = false;
    const result = await visit({
      edge: cluster.edge.url,
      origin: cluster.origin,
      bmoTimeoutMs: BMO_JOIN_MS,
      afterQuestion: async (index) => {
        if (index !== 1 || arrived) return;
        arrived = true;
        await gate.arrive();
      },
    });
    if (!arrived) gate.leave();
    return result;
  });
  await gate.opened;
  await fault();
  gate.release();
  return Promise.all(visits);
}

export interface WorkerKillReport {
  visitors: number;
  killed: string;
  /** Sessions whose job was on the killed worker. */
  affected: number;
  affectedRecovered: number;
  /** Sessions on other workers that lost BMO anyway (should be 0). */
  othersDisturbed: number;
  completed: number;
  recoveryMs: Spread;
  results: VisitResult[];
}

/** Kills the worker holding the most jobs now; its visitors reconnect. */
export async function killWorker(cluster: Cluster, visitors: number): Promise<WorkerKillReport> {
  let killed = '';
  let doomedRooms = new Set<string>();
  const results = await withFault(cluster, visitors, async () => {
    const held = new Map<string, string[]>();
    for (const [room, name] of runningJobs(cluster))
      held.set(name, [...(held.get(name) ?? []), room]);
    const [name, rooms] = [...held.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    const target = cluster.workers.find((w) => w.name === name);
    if (!target || !name || !rooms) throw new Error('no worker holds a job');
    killed = name;
    doomedRooms = new Set(rooms);
    await target.worker.kill();
  });
  const onKilled = (r: VisitResult) => r.rooms.some((room) => doomedRooms.has(room));
  const affected = results.filter(onKilled);
  return {
    visitors,
    killed,
    affected: affected.length,
    affectedRecovered: affected.filter((r) => r.ok && r.bmoLost > 0).length,
    othersDisturbed: results.filter((r) => !onKilled(r) && r.bmoLost > 0).length,
    completed: results.filter((r) => r.ok).length,
    recoveryMs: spread(affected.flatMap((r) => r.recoveryMs)),
    results,
  };
}

export interface NodeStopReport {
  visitors: number;
  stopped: string;
  /** The node every worker registered with again, and how long after the kill the last did. */
  workersMovedTo: string;
  workersBackMs: number;
  /** Visitors who lost their room with the node. */
  affected: number;
  completed: number;
  /** Room lost → BMO listening again in a fresh room through the edge. */
  reconnectMs: Spread;
  results: VisitResult[];
}

/**
 * Resolves once every worker still running (a killed one is not) has registered more times than
 * `before` says, with the time taken.
 */
async function reregistered(cluster: Cluster, before: number[], since: number): Promise<number> {
  const deadline = since + BMO_JOIN_MS;
  const waiting = () =>
    cluster.workers.some(
      ({ worker }, i) =>
        worker.pid !== undefined && alive(worker.pid) && worker.registrations <= (before[i] ?? 0),
    );
  while (waiting()) {
    if (performance.now() > deadline) {
      const state = cluster.workers.map(
        ({ name, worker }) =>
          `${name}: ${worker.registrations} registrations, last said ${worker.output.at(-1) ?? 'nothing'}`,
      );
      throw new Error(`a worker did not register again: ${state.join('; ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - since;
}

/**
 * Kills the node the workers are registered with: its rooms are lost (their visitors reconnect
 * through the edge) and every worker registers again through its entry, all with the same next node.
 */
export async function stopNode(cluster: Cluster, visitors: number): Promise<NodeStopReport> {
  const node = cluster.nodes.find((n) => n.name === cluster.workerEntry.current);
  if (!node) throw new Error('no node holds the workers');
  let workersBack: Promise<number> = Promise.resolve(0);
  const results = await withFault(cluster, visitors, async () => {
    const before = cluster.workers.map(({ worker }) => worker.registrations);
    const killedAt = performance.now();
    await node.server.kill();
    workersBack = reregistered(cluster, before, killedAt);
  });
  const workersBackMs = await workersBack;
  const affected = results.filter((r) => r.bmoLost > 0);
  return {
    visitors,
    stopped: node.name,
    workersMovedTo: cluster.workerEntry.current ?? 'no node',
    workersBackMs,
    affected: affected.length,
    completed: results.filter((r) => r.ok).length,
    reconnectMs: spread(affected.flatMap((r) => r.recoveryMs)),
    results,
  };
}

export interface RedisStopReport {
  /** What a new visitor's token request got once Redis was gone. */
  newVisitor: string;
  /** What a visitor already talking to BMO got on its next question. */
  liveVisitor: string;
}

/** Stops Redis with one visitor mid-conversation, then lets a new visitor try. */
export async function stopRedis(cluster: Cluster): Promise<RedisStopReport> {
  const [live] = await withFault(cluster, 1, () => cluster.redis.stop());
  const liveVisitor = live?.ok
    ? 'finished its conversation (its room, job and signal connection need no Redis once made)'
    : `failed: ${live?.error ?? 'unknown'}`;
  // the token route needs no Redis (it only signs); the join is where a new visitor finds out
  let newVisitor: string;
  try {
    const { grant } = await mintToken(cluster.edge.url, cluster.origin);
    const room = new Room();
    try {
      await Promise.race([
        room.connect(grant.serverUrl, grant.participantToken),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('no answer in 30 s')), 30_000).unref(),
        ),
      ]);
      newVisitor = 'got a token and joined a room';
    } catch (error) {
      newVisitor = `got a token, but joining failed (${error instanceof Error ? error.message : String(error)}); the page says: "${BMO_EN.errorRoomUnavailable}"`;
    } finally {
      await room.disconnect();
    }
  } catch (error) {
    newVisitor = error instanceof Error ? error.message : String(error);
  }
  return { newVisitor, liveVisitor };
}
