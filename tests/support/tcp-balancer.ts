/**
 * The signal balancer in front of the LiveKit nodes: one loopback TCP port that hands each new
 * connection to a node, and to the next one when a node refuses. It is a layer-4 pass-through, as a
 * deployment's load balancer is: WebSocket upgrades and Twirp calls go through untouched, and a
 * stopped node costs only the connections it held (their clients reconnect, and land on a node that
 * answers). Media does not pass through it: each node's ICE candidates name its own ports.
 *
 * Two policies, for two kinds of client:
 * - `round robin` (visitors, the edge's server-API calls): each connection to the next node in turn.
 * - `one node` (the agent workers): every connection to the same node, the one the last connection
 *   reached, until it refuses; then to the next that accepts, which becomes the one (no fail-back
 *   when the first returns). LiveKit offers a job to the node whose workers have the most headroom
 *   in all, greedily, and draws a worker by load only inside that node; with every worker on one
 *   node, that draw is among all of them (docs/scaling.md).
 *
 * `tests/support/tcp-balancer-process.ts` runs one in a process of its own, as the scale cluster
 * does.
 */
import { type Server, type Socket, connect, createServer } from 'node:net';

export interface BalancerTarget {
  name: string;
  port: number;
}

export type BalancerPolicy = 'round robin' | 'one node';

export interface TcpBalancer {
  port: number;
  /** `ws://127.0.0.1:<port>`: the LiveKit URL the edge hands out and the workers use. */
  url: string;
  /** Connections handed to each node so far, by name. */
  readonly handed: Record<string, number>;
  /** Connections refused by a node and passed on to the next, so far. */
  readonly failovers: number;
  /** The node the next connection is handed to first. */
  readonly current: string | undefined;
  /** The balancer's own process, when it runs in one (`tests/support/tcp-balancer-process.ts`). */
  readonly pid?: number;
  stop(): Promise<void>;
}

/** What a balancer has done so far: `handed`, `failovers` and `current` as in `TcpBalancer`. */
export interface BalancerState {
  handed: Record<string, number>;
  failovers: number;
  current: string | undefined;
}

export function startTcpBalancer(
  targets: readonly BalancerTarget[],
  policy: BalancerPolicy = 'round robin',
  /** Told the balancer's state whenever a connection is handed on or a node refuses. */
  onChange: (state: BalancerState) => void = () => {},
): Promise<TcpBalancer> {
  const handed: Record<string, number> = Object.fromEntries(targets.map((t) => [t.name, 0]));
  const open = new Set<Socket>();
  let next = 0;
  let failovers = 0;
  const changed = () =>
    onChange({ handed: { ...handed }, failovers, current: targets[next]?.name });

  /** Connects to the targets from `start` on; resolves with the first that accepts. */
  const reach = (start: number, tried = 0): Promise<{ upstream: Socket; target: BalancerTarget }> =>
    new Promise((resolve, reject) => {
      const target = targets[(start + tried) % targets.length];
      if (!target || tried >= targets.length) {
        reject(new Error('no LiveKit node accepts connections'));
        return;
      }
      const upstream = connect({ host: '127.0.0.1', port: target.port });
      // refused: on to the next node (an error once connected is the connection's own, below)
      const refused = () => {
        upstream.destroy();
        failovers += 1;
        changed();
        reach(start, tried + 1).then(resolve, reject);
      };
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        // `one node`: the node that accepted is where the next connection goes first
        if (policy === 'one node') next = (start + tried) % targets.length;
        resolve({ upstream, target });
      });
    });

  const server: Server = createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.pause();
    const start = next;
    if (policy === 'round robin') next = (next + 1) % targets.length;
    reach(start).then(
      ({ upstream, target }) => {
        handed[target.name] = (handed[target.name] ?? 0) + 1;
        changed();
        open.add(upstream);
        upstream.once('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        client.once('close', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      },
      () => client.destroy(),
    );
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('the balancer has no port'));
        return;
      }
      resolve({
        port: address.port,
        url: `ws://127.0.0.1:${address.port}`,
        handed,
        get failovers() {
          return failovers;
        },
        get current() {
          return targets[next]?.name;
        },
        stop: () =>
          new Promise<void>((done) => {
            for (const socket of open) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
