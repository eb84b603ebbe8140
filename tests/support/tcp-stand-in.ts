/**
 * Stand-in LiveKit nodes for the signal balancer's tests (`tests/support/tcp-balancer.ts`): each
 * writes its name to every connection, so a connection through the balancer says which node it
 * reached.
 */
import { type Server, type Socket, connect, createServer } from 'node:net';
import type { TcpBalancer } from './tcp-balancer.ts';

export interface StandIn {
  name: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A node that writes its name to each connection; on `port` when given (a node coming back). One
 * that `resets` accepts each connection, writes its name, and resets it when the client speaks.
 */
export function standIn(name: string, port = 0, resets = false): Promise<StandIn> {
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
      resolve(node);
    });
  });
}

/** Which node a new connection through `balancer` reaches (what it said before it closed). */
export function reached(balancer: Pick<TcpBalancer, 'port'>): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: balancer.port }, () => socket.write('hi'));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.once('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
}

export async function reachedBy(
  balancer: Pick<TcpBalancer, 'port'>,
  count: number,
): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(await reached(balancer));
  return names;
}
