/**
 * The signal balancer in a process of its own (`tests/support/tcp-balancer-process.ts`), as the
 * scale cluster runs it: it hands connections as the in-process one does, its state (connections
 * per node, failovers, the node next in line) comes back to the process that started it, and
 * `stop()` ends its process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { alive } from '../../support/scale-cluster.ts';
import { startTcpBalancerProcess } from '../../support/tcp-balancer-process.ts';
import { type StandIn, reached, reachedBy, standIn } from '../../support/tcp-stand-in.ts';

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});

async function node(name: string): Promise<StandIn> {
  const started = await standIn(name);
  running.push(started);
  return started;
}

/** Resolves once `check` holds: the state comes over IPC, a moment after the connection. */
async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the signal balancer in a process of its own', () => {
  it('keeps the workers on one node, moves them when it refuses, reports it, and ends with stop()', async () => {
    const first = await node('node-1');
    const balancer = await startTcpBalancerProcess([first, await node('node-2')], 'one node');
    running.push(balancer);
    expect(balancer.pid).toBeDefined();
    expect(await reachedBy(balancer, 2)).toEqual(['node-1', 'node-1']);
    await eventually(() => balancer.handed['node-1'] === 2);
    expect(balancer.current).toBe('node-1');

    await first.stop();
    expect(await reached(balancer)).toBe('node-2');
    await eventually(() => balancer.failovers === 1);
    expect(balancer.handed).toEqual({ 'node-1': 2, 'node-2': 1 });
    expect(balancer.current).toBe('node-2');

    await balancer.stop();
    expect(alive(balancer.pid ?? 0)).toBe(false);
  });
});
