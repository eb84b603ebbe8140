/**
 * Runs the real BMO worker (`node agent/main.ts dev`) as a child process and resolves once it has
 * registered with the LiveKit server. The worker's own JSON events (`"source":"bmo"`) are parsed
 * into `events`; everything it prints is kept in `output` for failure messages.
 *
 * `dev` mode is used because it starts no idle job processes and picks a free port for its health
 * server; each dispatched job gets a fresh process (its prewarm indexes the vault).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface AgentWorkerEvent {
  event: string;
  level?: string;
  [field: string]: unknown;
}

export interface AgentWorker {
  /** The worker's JSON events so far, in order. */
  readonly events: AgentWorkerEvent[];
  /** Everything the worker printed, for diagnostics. */
  readonly output: string[];
  /** How long registration took, ms. */
  readonly bootMs: number;
  /** Times the worker registered with a LiveKit server: more than one after a reconnect. */
  readonly registrations: number;
  /** The worker's process id, which is also its process group's (its job processes are in it). */
  readonly pid: number | undefined;
  /** Resolves with the first event matching `match` (already seen or still to come). */
  waitForEvent(
    match: (event: AgentWorkerEvent) => boolean,
    timeoutMs?: number,
  ): Promise<AgentWorkerEvent>;
  stop(): Promise<void>;
  /** Kills the worker and its job processes at once (SIGKILL): a crash, not a shutdown. */
  kill(): Promise<void>;
}

export interface AgentWorkerOptions {
  /** `dev` (default) or `start`. */
  mode?: 'dev' | 'start';
  /** How long to wait for registration, ms (default 60 s). */
  timeoutMs?: number;
  /** Echo the worker's output to this process's stderr (debugging). */
  echo?: boolean;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../agent/main.ts', import.meta.url));

function parseEvent(line: string): AgentWorkerEvent | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    if (
      typeof value === 'object' &&
      value !== null &&
      'source' in value &&
      value.source === 'bmo' &&
      'event' in value &&
      typeof value.event === 'string'
    ) {
      return { ...value, event: value.event };
    }
  } catch {
    // not one of ours
  }
  return undefined;
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const signal = (sig: NodeJS.Signals) => {
      try {
        // the worker was started as its own process group: this reaches its job processes too
        if (pid !== undefined) process.kill(-pid, sig);
      } catch {
        child.kill(sig);
      }
    };
    const hard = setTimeout(() => signal('SIGKILL'), 8_000);
    child.once('exit', () => {
      clearTimeout(hard);
      // job processes left behind by a hard stop
      setTimeout(() => {
        try {
          if (pid !== undefined) process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
        resolve();
      }, 200);
    });
    signal('SIGTERM');
  });
}

function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  return exited;
}

/**
 * @param env the worker's environment on top of this process's PATH and HOME: LIVEKIT_URL,
 *   LIVEKIT_API_KEY, LIVEKIT_API_SECRET, OPENAI_API_KEY, OPENAI_BASE_URL, BMO_MODE, … In the e2e
 *   layer the worker hears with the run's speech recognizer (the global setup's
 *   `E2E_RECOGNIZER_URL` and `_KEY`), as npm start's does, unless `env` names another.
 */
export async function startAgentWorker(
  env: Record<string, string>,
  options: AgentWorkerOptions = {},
): Promise<AgentWorker> {
  const started = performance.now();
  const events: AgentWorkerEvent[] = [];
  const output: string[] = [];
  const waiters = new Set<{
    match: (e: AgentWorkerEvent) => boolean;
    resolve: (e: AgentWorkerEvent) => void;
  }>();
  let registered: (() => void) | undefined;
  let registrations = 0;
  let failed: ((error: Error) => void) | undefined;

  const child = spawn(process.execPath, [MAIN, options.mode ?? 'dev'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // the run's one compile cache (tests/support/compile-cache.ts), not the worker's own default
      ...(process.env.NODE_COMPILE_CACHE
        ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }
        : {}),
      ...(process.env.E2E_RECOGNIZER_URL && process.env.E2E_RECOGNIZER_KEY
        ? {
            RECOGNIZER_URL: process.env.E2E_RECOGNIZER_URL,
            RECOGNIZER_KEY: process.env.E2E_RECOGNIZER_KEY,
          }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });

  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (options.echo) process.stderr.write(`[worker] ${line}\n`);
      if (output.length < 2_000) output.push(line);
      if (line.includes('registered worker')) {
        registrations += 1;
        registered?.();
      }
      const event = parseEvent(line);
      if (!event) continue;
      events.push(event);
      if (event.event === 'config_error') {
        failed?.(new Error(`agent worker configuration error: ${String(event.problems)}`));
      }
      for (const waiter of [...waiters]) {
        if (waiter.match(event)) {
          waiters.delete(waiter);
          waiter.resolve(event);
        }
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`agent worker did not register within ${timeoutMs} ms`)),
        timeoutMs,
      );
      registered = () => {
        clearTimeout(timer);
        resolve();
      };
      failed = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`agent worker exited before registering (${code ?? signal})`));
      });
    });
  } catch (error) {
    await stopGroup(child);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- worker output ---\n${output.slice(-60).join('\n')}`);
  }
  const bootMs = Math.round(performance.now() - started);

  return {
    events,
    output,
    bootMs,
    get registrations() {
      return registrations;
    },
    pid: child.pid,
    waitForEvent(match, waitMs = 30_000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (event: AgentWorkerEvent) => {
            clearTimeout(timer);
            resolve(event);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `agent worker event not seen within ${waitMs} ms\n--- worker output ---\n${output.slice(-60).join('\n')}`,
            ),
          );
        }, waitMs);
        waiters.add(waiter);
      });
    },
    stop: () => stopGroup(child),
    kill: () => killGroup(child),
  };
}
