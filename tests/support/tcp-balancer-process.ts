/**
 * The signal balancer (`tests/support/tcp-balancer.ts`) in a process of its own, as a deployment's balancer is:
 * every signal connection of a scale run (workers, job processes, visitors) passes through it, and
 * in the process that also runs the simulated visitors it waited for their work, seconds at a time
 * with both cores busy, which delayed LiveKit's job requests to the workers past their deadline.
 * Its state (connections per node, failovers, the node next in line) comes back over IPC.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  type BalancerPolicy,
  type BalancerState,
  type BalancerTarget,
  type TcpBalancer,
  startTcpBalancer,
} from './tcp-balancer.ts';

/** The first message of a balancer's process: where it listens. */
interface Listening {
  port: number;
}

/** `startTcpBalancer` in a process of its own; `stop()` ends the process. */
export function startTcpBalancerProcess(
  targets: readonly BalancerTarget[],
  policy: BalancerPolicy = 'round robin',
): Promise<TcpBalancer> {
  // the node the process runs with, without the flags this process was given (a test runner's)
  const args = [policy, ...targets.map(({ name, port }) => `${name}=${port}`)];
  const child = fork(fileURLToPath(import.meta.url), args, {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let state: BalancerState = {
    handed: Object.fromEntries(targets.map((t) => [t.name, 0])),
    failovers: 0,
    current: targets[0]?.name,
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(hard);
    }
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the balancer's process ended before listening (${code ?? signal})`)),
    );
    child.on('message', (message) => {
      if (typeof message !== 'object' || message === null) return;
      if ('handed' in message) {
        state = message as BalancerState;
        return;
      }
      if (!('port' in message) || typeof message.port !== 'number') return;
      resolve({
        port: message.port,
        url: `ws://127.0.0.1:${message.port}`,
        get handed() {
          return state.handed;
        },
        get failovers() {
          return state.failovers;
        },
        get current() {
          return state.current;
        },
        pid: child.pid,
        stop,
      });
    });
  });
}

// Run as a program by `startTcpBalancerProcess`: one balancer, its state sent to the parent.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [, , policy, ...pairs] = process.argv;
  const targets = pairs.map((pair) => {
    const [name = '', port = ''] = pair.split('=');
    return { name, port: Number(port) };
  });
  const balancer = await startTcpBalancer(
    targets,
    policy === 'one node' ? 'one node' : 'round robin',
    (state) => process.send?.(state),
  );
  process.send?.({ port: balancer.port } satisfies Listening);
  const end = () => void balancer.stop().then(() => process.exit(0));
  process.once('SIGTERM', end);
  // the parent gone: nothing is left to balance for
  process.once('disconnect', end);
}
