/**
 * A real `livekit-server --dev` for tests, on free loopback ports (HTTP/WebSocket, ICE/TCP and
 * ICE/UDP), with a fresh API key pair per run. Start it, use `url`, `apiKey`, `apiSecret`, and
 * always `stop()` it.
 *
 * The binary is found through `LIVEKIT_SERVER_BIN`, then `.tools/bin/livekit-server` at the
 * repository root (where `scripts/ensure-tools.ts` installs it), then `livekit-server` on `PATH`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeTcpPort, freeUdpPort } from './free-port.ts';

export interface LiveKitServer {
  /** `ws://127.0.0.1:<port>` */
  url: string;
  apiKey: string;
  apiSecret: string;
  stop(): Promise<void>;
}

export interface LiveKitServerOptions {
  /** How long to wait for the server to answer, ms (default 20 s). */
  timeoutMs?: number;
  /** Receives the server's own log lines (default: kept, printed only if the start fails). */
  onLog?: (line: string) => void;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where the `livekit-server` binary is, or a clear error saying how to get one. */
export function findLiveKitServerBinary(env: NodeJS.ProcessEnv = process.env): string {
  const candidates: string[] = [];
  if (env.LIVEKIT_SERVER_BIN) candidates.push(env.LIVEKIT_SERVER_BIN);
  candidates.push(join(REPO_ROOT, '.tools', 'bin', 'livekit-server'));
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir) candidates.push(join(dir, 'livekit-server'));
  }
  const found = candidates.find(isExecutable);
  if (found) return found;
  throw new Error(
    'livekit-server not found: set LIVEKIT_SERVER_BIN, or install it into .tools/bin ' +
      '(CGO_ENABLED=0 GOBIN="$PWD/.tools/bin" go install ' +
      'github.com/livekit/livekit-server/cmd/server@v1.13.5 && mv .tools/bin/server ' +
      '.tools/bin/livekit-server), or put it on PATH. Looked in: ' +
      candidates.slice(0, 2).join(', ') +
      ' and PATH.',
  );
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`livekit-server exited early (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`livekit-server did not answer on ${url} within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startLiveKitServer(
  options: LiveKitServerOptions = {},
): Promise<LiveKitServer> {
  const binary = findLiveKitServerBinary();
  const [httpPort, tcpPort, udpPort] = await Promise.all([
    freeTcpPort(),
    freeTcpPort(),
    freeUdpPort(),
  ]);
  const apiKey = `test${randomBytes(6).toString('hex')}`;
  const apiSecret = randomBytes(24).toString('hex');
  const config = [
    `port: ${httpPort}`,
    'bind_addresses: ["127.0.0.1"]',
    'rtc:',
    `  tcp_port: ${tcpPort}`,
    `  udp_port: ${udpPort}`,
    '  use_external_ip: false',
    '  node_ip: 127.0.0.1',
    'keys:',
    `  ${apiKey}: ${apiSecret}`,
    'logging:',
    '  level: warn',
  ].join('\n');

  const logs: string[] = [];
  const child = spawn(binary, ['--dev', '--config-body', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      if (options.onLog) options.onLog(line);
      else if (logs.length < 200) logs.push(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  try {
    await waitForHttp(`http://127.0.0.1:${httpPort}/`, child, options.timeoutMs ?? 20_000);
  } catch (error) {
    await stopChild(child);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n${logs.join('\n')}`);
  }

  return {
    url: `ws://127.0.0.1:${httpPort}`,
    apiKey,
    apiSecret,
    stop: () => stopChild(child),
  };
}
