/**
 * The signal balancer (`tests/support/tcp-balancer.ts`) in front of stand-in nodes that name
 * themselves to each connection: `round robin` takes turns; `one node` sends every connection to
 * one node, moves them all to the next when it refuses, and stays there when the first returns.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpBalancer } from '../../support/tcp-balancer.ts';
import {
  type StandIn,
  reached,
  reachedBy,
  standIn as startStandIn,
} from '../../support/tcp-stand-in.ts';

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});

/** A stand-in node, stopped after the test. */
async function standIn(...args: Parameters<typeof startStandIn>): Promise<StandIn> {
  const node = await startStandIn(...args);
  running.push(node);
  return node;
}

describe('the signal balancer', () => {
  it('round robin: each connection goes to the next node in turn', async () => {
    const nodes = [await standIn('node-1'), await standIn('node-2')];
    const balancer = await startTcpBalancer(nodes);
    running.push(balancer);
    expect(await reachedBy(balancer, 4)).toEqual(['node-1', 'node-2', 'node-1', 'node-2']);
    expect(balancer.handed).toEqual({ 'node-1': 2, 'node-2': 2 });
  });

  it('one node: every connection to the first node while it accepts', async () => {
    const nodes = [await standIn('node-1'), await standIn('node-2'), await standIn('node-3')];
    const balancer = await startTcpBalancer(nodes, 'one node');
    running.push(balancer);
    expect(await reachedBy(balancer, 4)).toEqual(['node-1', 'node-1', 'node-1', 'node-1']);
  });

  it('one node: when that node refuses, every connection moves to the next, and stays there when the first returns', async () => {
    const first = await standIn('node-1');
    const nodes = [first, await standIn('node-2')];
    const balancer = await startTcpBalancer(nodes, 'one node');
    running.push(balancer);
    expect(await reached(balancer)).toBe('node-1');

    await first.stop();
    expect(await reachedBy(balancer, 3)).toEqual(['node-2', 'node-2', 'node-2']);
    expect(balancer.failovers).toBe(1);

    await standIn('node-1', first.port);
    expect(await reachedBy(balancer, 3)).toEqual(['node-2', 'node-2', 'node-2']);
  });

  it('one node: a connection the node resets after accepting it moves nothing', async () => {
    const nodes = [await standIn('node-1', 0, true), await standIn('node-2')];
    const balancer = await startTcpBalancer(nodes, 'one node');
    running.push(balancer);
    expect(await reachedBy(balancer, 3)).toEqual(['node-1', 'node-1', 'node-1']);
    expect(balancer.failovers).toBe(0);
    expect(balancer.current).toBe('node-1');
  });
});
