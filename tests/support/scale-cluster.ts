/**
 * BMO past one machine, on one machine: Redis, LiveKit nodes in multi-node mode sharing it, a
 * signal balancer in front of them for visitors and the edge, a second entry for the workers that
 * keeps them all on one node (tcp-balancer.ts; each balancer a process of its own,
 * `tests/support/tcp-balancer-process.ts`), BMO agent workers on the offline BMO, and the edge
 * under `wrangler dev` (local development, `LOAD_TEST_LIMITS=true`) minting tokens for the
 * balancer's URL. All on loopback, on free ports, with keys made for this run. `stop()` stops
 * everything that started, and a start that fails stops what it had started before throwing;
 * `leftovers()` names any process or port still alive afterwards.
 */
import { realpathSync } from 'node:fs';
import { connect } from 'node:net';
import {
  LIVEKIT_WEBHOOK_PATH,
  type LiveKitKeys,
  type LiveKitPorts,
  freshKeys,
  liveKitConfig,
} from '../../scripts/livekit-local.ts';
import { type AgentWorker, startAgentWorker } from './agent-worker.ts';
import { freeTcpPort } from './free-port.ts';
import { ROOT } from './paths.ts';
import { type LiveKitServer, startLiveKitServer } from './livekit-server.ts';
import { type RedisServer, startRedis } from './redis-server.ts';
import { type BalancerPolicy, type TcpBalancer } from './tcp-balancer.ts';
import { startTcpBalancerProcess } from './tcp-balancer-process.ts';
import { type RunningWrangler, startWrangler } from './wrangler.ts';

/** The load threshold the worker runs with in `start` mode (the SDK's production default). */
export const WORKER_LOAD_THRESHOLD = 0.7;

/** The jobs a worker takes before it reports itself full: load (jobs / max) reaching the threshold. */
export const jobsUntilFull = (maxJobs: number, threshold = WORKER_LOAD_THRESHOLD): number => {
  let jobs = 0;
  while (jobs < maxJobs && jobs / maxJobs < threshold) jobs += 1;
  return jobs;
};

export interface ClusterSettings {
  nodes: number;
  workers: number;
  /** BMO_MAX_JOBS of each worker. */
  maxJobs: number;
  /** The speech recognizer the workers hear with (voice visitors); none by default (typed BMO). */
  recognizer?: { url: string; key: string };
  /** BMO_JOB_INIT_SECONDS of each worker (default 60: the machine may be busy). */
  jobInitSeconds?: number;
  /** Seconds an emptied room stays open (the edge's LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS). */
  roomEmptySeconds?: number;
  /**
   * How the workers' entry hands out their connections: `one node` (default) registers every worker
   * with the same node, so LiveKit draws among all of them by load; `round robin` spreads them as
   * the visitors' balancer does, which leaves a node's lone worker idle (docs/scaling.md).
   */
  workerEntry?: BalancerPolicy;
  /** Echo the workers' output (debugging). */
  echo?: boolean;
}

export interface ClusterNode {
  name: string;
  server: LiveKitServer;
}

export interface ClusterWorker {
  name: string;
  worker: AgentWorker;
  healthPort: number;
}

export interface Cluster {
  settings: ClusterSettings;
  keys: LiveKitKeys;
  redis: RedisServer;
  nodes: ClusterNode[];
  balancer: TcpBalancer;
  /** Where the workers connect (their LIVEKIT_URL): `handed` says which node holds them. */
  workerEntry: TcpBalancer;
  workers: ClusterWorker[];
  edge: RunningWrangler;
  /** The origin the page is served from: what a visitor's browser sends as `Origin`. */
  origin: string;
  stop(): Promise<void>;
  /** After `stop()`: what is still alive (process ids and listening ports), empty when clean. */
  leftovers(): Promise<string[]>;
}

/**
 * One node's livekit-server configuration: its own ports on loopback, the cluster's keys, and the
 * shared Redis that makes the nodes one deployment (rooms placed on any node, signal connections
 * relayed to the node that holds the room), and its webhooks to the edge, which starts BMO's
 * job when a visitor joins. A deployment's further sections (TURN) belong here.
 */
export function clusterNodeConfig(
  ports: LiveKitPorts,
  keys: LiveKitKeys,
  redisAddress: string,
  webhookUrls: readonly string[] = [],
): string {
  // the single node's configuration, and the Redis that joins it to the others
  return [liveKitConfig(ports, keys, webhookUrls), 'redis:', `  address: ${redisAddress}`].join(
    '\n',
  );
}

/** True when something accepts TCP connections on the loopback `port`. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when the process (or, negative, the process group) still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits for every start, whether it succeeds or not, so that none is still starting (and would
 * be left running) when one has failed; then throws the first failure, or gives every result.
 */
async function allStarted<T extends readonly unknown[] | []>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(starts);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  // every start has succeeded: this resolves at once, with each result in its place
  return Promise.all(starts);
}

export async function startCluster(settings: ClusterSettings): Promise<Cluster> {
  const stoppers: (() => Promise<void>)[] = [];
  const pids: { name: string; pid: number }[] = [];
  const ports: { name: string; port: number }[] = [];
  // A run that ends before its stop (a test past its time, an uncaught error: the test runner then
  // ends its worker process) would leave the cluster running, detached, as load on the next run:
  // five such clusters were found after a day of busy runs. What is left is killed as this
  // process exits, if it is still ours: a process id that ended can be another's by then.
  const killLeft = () => {
    for (const { pid } of pids) {
      try {
        if (realpathSync(`/proc/${Math.abs(pid)}/cwd`) === realpathSync(ROOT)) {
          process.kill(pid, 'SIGKILL');
        }
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', killLeft);
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => undefined);
    process.off('exit', killLeft);
  };
  const track = (name: string, pid: number | undefined) => {
    if (pid !== undefined) pids.push({ name, pid });
  };
  try {
    const keys = freshKeys('scale');
    const redis = await startRedis();
    stoppers.push(() => redis.stop());
    track('redis', redis.pid);
    ports.push({ name: 'redis', port: redis.port });

    // Every node posts its webhooks to the edge (started beside the workers, on this port).
    const edgePort = await freeTcpPort();
    const webhooks = [`http://127.0.0.1:${edgePort}${LIVEKIT_WEBHOOK_PATH}`];
    const nodes = await allStarted(
      Array.from({ length: settings.nodes }, async (_, i): Promise<ClusterNode> => {
        const server = await startLiveKitServer({
          keys,
          config: (nodePorts, nodeKeys) =>
            clusterNodeConfig(nodePorts, nodeKeys, redis.address, webhooks),
        });
        const name = `node-${i + 1}`;
        stoppers.push(() => server.stop());
        track(name, server.pid);
        ports.push({ name, port: server.ports.port }, { name, port: server.ports.tcpPort });
        return { name, server };
      }),
    );

    // each balancer in its own process, as a deployment's is, not in this one beside the visitors
    const targets = nodes.map(({ name, server }) => ({ name, port: server.ports.port }));
    const startBalancer = async (name: string, policy?: BalancerPolicy) => {
      const started = await startTcpBalancerProcess(targets, policy);
      stoppers.push(() => started.stop());
      track(name, started.pid);
      ports.push({ name, port: started.port });
      return started;
    };
    const [balancer, workerEntry] = await allStarted([
      startBalancer('balancer'),
      startBalancer('worker entry', settings.workerEntry ?? 'one node'),
    ]);

    const startWorkers = allStarted(
      Array.from({ length: settings.workers }, async (_, i): Promise<ClusterWorker> => {
        const healthPort = await freeTcpPort();
        const worker = await startAgentWorker(
          {
            LIVEKIT_URL: workerEntry.url,
            LIVEKIT_API_KEY: keys.apiKey,
            LIVEKIT_API_SECRET: keys.apiSecret,
            BMO_AGENT_HTTP_PORT: String(healthPort),
            BMO_MAX_JOBS: String(settings.maxJobs),
            BMO_JOB_INIT_SECONDS: String(settings.jobInitSeconds ?? 60),
            // typed BMO unless a recognizer is given: text visitors type and never subscribe to
            // BMO's voice, which LiveKit plays (and so transcribes) only once someone listens
            RECOGNIZER_URL: settings.recognizer?.url ?? '',
            RECOGNIZER_KEY: settings.recognizer?.key ?? '',
          },
          { mode: 'start', timeoutMs: 120_000, echo: settings.echo === true },
        );
        stoppers.push(() => worker.stop());
        const name = `worker-${i + 1}`;
        if (worker.pid !== undefined) track(name, -worker.pid);
        ports.push({ name, port: healthPort });
        return { name, worker, healthPort };
      }),
    );
    const startEdge = (async () => {
      const started = await startWrangler({
        port: edgePort,
        vars: {
          LIVEKIT_URL: balancer.url,
          LIVEKIT_API_KEY: keys.apiKey,
          LIVEKIT_API_SECRET: keys.apiSecret,
          LOAD_TEST_LIMITS: 'true',
          LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS: String(settings.roomEmptySeconds ?? 5),
        },
        timeoutMs: 90_000,
      });
      stoppers.push(() => started.stop());
      if (started.pid !== undefined) track('edge', -started.pid);
      ports.push({ name: 'edge', port: started.port });
      return started;
    })();
    // the workers and the edge start side by side: neither needs the other to start
    const [workers, edge] = await Promise.allSettled([startWorkers, startEdge]).then(([w, e]) => {
      if (w.status === 'rejected') throw w.reason;
      if (e.status === 'rejected') throw e.reason;
      return [w.value, e.value] as const;
    });

    return {
      settings,
      keys,
      redis,
      nodes,
      balancer,
      workerEntry,
      workers,
      edge,
      origin: edge.url,
      stop: stopAll,
      async leftovers() {
        // a killed process is gone a moment after its signal: look again for up to 10 s
        const deadline = Date.now() + 10_000;
        for (;;) {
          const left = pids
            .filter(({ pid }) => alive(pid))
            .map(({ name, pid }) => `${name} pid ${pid}`);
          for (const { name, port } of ports) {
            if (await listening(port)) left.push(`${name} port ${port}`);
          }
          if (left.length === 0 || Date.now() > deadline) return left;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
