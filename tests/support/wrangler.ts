/**
 * Starts `wrangler dev` on the built page (dist/) on a free loopback port, offline, and stops it
 * with its whole process group (killing only wrangler leaves workerd running).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { freeTcpPort } from './free-port.ts';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

export interface RunningWrangler {
  url: string;
  port: number;
  /** wrangler's process id, which is also its process group's (workerd is in it). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startWrangler(
  options: {
    port?: number;
    vars?: Record<string, string>;
    timeoutMs?: number;
    /** Another Worker's wrangler config (default: the edge's own wrangler.toml). */
    config?: string;
    /** Run as deployed: no LOCAL_DEVELOPMENT setting. */
    deployed?: boolean;
    /**
     * Where Durable Objects keep their storage. By default each edge gets a fresh folder of its
     * own, removed when it stops: edges running side by side (the e2e lanes, a spec's own edge)
     * never share one SQLite file, whose locks would fail one edge's writes.
     */
    persistTo?: string;
  } = {},
): Promise<RunningWrangler> {
  const port = options.port ?? (await freeTcpPort());
  const inspectorPort = await freeTcpPort();
  const ownState = options.persistTo ? undefined : await mkdtemp(join(tmpdir(), 'va-edge-state-'));
  const persistTo = options.persistTo ?? ownState;
  const args = [
    join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--log-level',
    'warn',
    ...(options.config ? ['--config', options.config] : []),
    ...(persistTo ? ['--persist-to', persistTo] : []),
  ];
  // The harness runs the edge as `npm start` does, local development (see isLocalDevelopment),
  // unless asked to run it as deployed.
  const local = options.deployed ? {} : { LOCAL_DEVELOPMENT: 'true' };
  for (const [key, value] of Object.entries({ ...local, ...options.vars })) {
    args.push('--var', `${key}:${value}`);
  }
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_LOG_PATH: join(ROOT, '.wrangler/logs'),
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  const removeState = () =>
    ownState ? rm(ownState, { recursive: true, force: true }) : Promise.resolve();
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.pid === undefined) return removeState();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return removeState();
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 3000);
    await exited;
    clearTimeout(timer);
    await removeState();
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await removeState();
      throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      // Up: healthy, or answering that its settings keep it from handing out sessions (a test
      // of that deployment starts it on purpose).
      if (response.ok || (await response.text()).includes('"misconfigured"')) {
        return { url, port, pid: child.pid, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stop();
  throw new Error(`wrangler dev did not answer on ${url} in time:\n${output}`);
}
