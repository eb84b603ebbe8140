/**
 * The signal balancer (`tests/support/tcp-balancer.ts`) in front of stand-in nodes that name
 * themselves to each connection: `round robin` takes turns; `one node` sends every connection to
 * one node, moves them all to the next when it refuses, and stays there when the first returns.
 */
import { type Server, type Socket, connect, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type TcpBalancer, startTcpBalancer } from '../../support/tcp-balancer.ts';

interface StandIn {
  name: string;
  port: number;
  stop(): Promise<void>;
}

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});

/**
 * A node that writes its name to each connection; on `port` when given (a node coming back). One
 * that `resets` accepts each connection, writes its name, and resets it when the client speaks.
 */
function standIn(name: string, port = 0, resets = false): Promise<StandIn> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (!resets) socket.end(name);
    else {
      socket.write(name);
      // reset once the visitor's bytes have come through the balancer: it is surely connected
      socket.once('data', () => socket.resetAndDestroy());
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error(`${name} has no port`));
        return;
      }
      let stopped = false;
      const node = {
        name,
        port: address.port,
        stop: () =>
          new Promise<void>((done) => {
            if (stopped) return done();
            stopped = true;
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      };
      running.push(node);
      resolve(node);
    });
  });
}

/** Which node a new connection through `balancer` reaches (what it said before it closed). */
function reached(balancer: TcpBalancer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: balancer.port }, () => socket.write('hi'));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.once('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
}

async function reachedBy(balancer: TcpBalancer, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(await reached(balancer));
  return names;
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
