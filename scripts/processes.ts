/**
 * The process helpers `npm start` and `npm run dev` share: start each part in its own process
 * group with its output prefixed, wait until it answers, and stop every part (and whatever it
 * started, e.g. wrangler's workerd) on Ctrl-C, on SIGTERM, or when one part exits on its own;
 * a part started with `restart: true` (the speech recognizer, which every session shares and
 * none depends on) is started again instead, after a pause that grows while it keeps failing.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface Part {
  name: string;
  child: ChildProcess;
  /** Stops this part and starts it again with the same command (hot reload). */
  restart(): Promise<void>;
}

const parts: Part[] = [];
const RESTART_PAUSE_MS = 1_000;
const cleanups: (() => void)[] = [];
let stopping: Promise<void> | undefined;

function prefixLines(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WriteStream): void {
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

/** Starts a part in its own process group (so stopping it reaches its children too). */
export function startPart(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; quiet?: boolean; restart?: boolean } = {},
): Part {
  let restarting = false;
  let pauseMs = RESTART_PAUSE_MS;
  let startedAt = Date.now();
  const spawnChild = () => {
    startedAt = Date.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.stdout && !options.quiet) prefixLines(name, child.stdout, process.stdout);
    if (child.stderr) prefixLines(name, child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      if (stopping || restarting) return;
      if (options.restart) {
        // A run that lasted a while was healthy: the next failure starts the pauses over.
        if (Date.now() - startedAt > 60_000) pauseMs = RESTART_PAUSE_MS;
        console.error(
          `\n[${name}] stopped on its own (${signal ?? `exit ${code}`}): starting it again in ${pauseMs / 1000} s.`,
        );
        setTimeout(() => {
          if (!stopping) part.child = spawnChild();
        }, pauseMs).unref();
        pauseMs = Math.min(pauseMs * 2, 30_000);
        return;
      }
      console.error(
        `\n[${name}] stopped on its own (${signal ?? `exit ${code}`}): stopping the rest.`,
      );
      void stopAll(1);
    });
    return child;
  };
  const part: Part = {
    name,
    child: spawnChild(),
    async restart() {
      if (stopping) return;
      restarting = true;
      await stopPart(part, 5_000);
      restarting = false;
      if (!stopping) part.child = spawnChild();
    },
  };
  parts.push(part);
  return part;
}

/** Runs `fn` when everything stops (temporary files, for one). */
export function onStop(fn: () => void): void {
  cleanups.push(fn);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stopPart({ child }: Part, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    signalGroup(child, 'SIGKILL'); // anything the part left behind
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const hard = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(hard);
      signalGroup(child, 'SIGKILL');
      resolve();
    });
    signalGroup(child, 'SIGTERM');
  });
}

/** Stops every part (all at once), runs the clean-ups, and exits with `code`. */
export function stopAll(code = 0): Promise<void> {
  stopping ??= (async () => {
    await Promise.all(parts.map((part) => stopPart(part, 5_000)));
    for (const fn of cleanups) {
      try {
        fn();
      } catch {
        // best effort
      }
    }
    console.log('Stopped every part.');
    process.exit(code);
  })();
  return stopping;
}

/** Ctrl-C (SIGINT) and SIGTERM stop every part. */
export function stopOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.log(`\n${signal}: stopping every part…`);
      void stopAll(0);
    });
  }
}

/** Resolves once `url` answers (any HTTP status below 500), or rejects after `timeoutMs`. */
export async function waitForHttp(url: string, part: Part, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (part.child.exitCode !== null || part.child.signalCode !== null) {
      throw new Error(`${part.name} exited before answering on ${url}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${part.name} did not answer on ${url} within ${timeoutMs / 1000} s`);
}

/** A port setting: the variable's value, else the default; a bad value stops with a clear line. */
export function portSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    console.error(`${name}=${raw} is not a port number (1 to 65535).`);
    process.exit(1);
  }
  return port;
}
