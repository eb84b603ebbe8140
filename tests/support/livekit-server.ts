/**
 * A real `livekit-server --dev` for tests, on free loopback ports (HTTP/WebSocket, ICE/TCP and
 * ICE/UDP), with a fresh API key pair per run. Start it, use `url`, `apiKey`, `apiSecret`, and
 * always `stop()` it. With `webhookUrls` it posts its webhooks there (an edge's webhook route, which
 * starts BMO's jobs).
 *
 * The binary is found through `LIVEKIT_SERVER_BIN`, then `.tools/bin/livekit-server` at the
 * repository root (where `scripts/ensure-tools.ts` installs it), then `livekit-server` on `PATH`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  type LiveKitKeys,
  type LiveKitPorts,
  findLiveKitServerBinary,
  freshKeys,
  liveKitConfig,
} from '../../scripts/livekit-local.ts';
import { freeTcpPort, freeUdpPort } from './free-port.ts';

export { findLiveKitServerBinary };

export interface LiveKitServer {
  /** `ws://127.0.0.1:<port>` */
  url: string;
  apiKey: string;
  apiSecret: string;
  /** The ports it listens on (to start it again on the same ones: `startLiveKitServer({ reuse })`). */
  ports: LiveKitPorts;
  /** The server's process id (to check it is gone after a stop). */
  pid: number | undefined;
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL): a crash, with no goodbye to its clients. */
  kill(): Promise<void>;
}

export interface LiveKitServerOptions {
  /** How long to wait for the server to answer, ms (default 20 s). */
  timeoutMs?: number;
  /** Receives the server's own log lines as they come (they are also kept for a failed start). */
  onLog?: (line: string) => void;
  /** Where a start's ports come from (default `freshPorts`, probed free); asked again on a retry. */
  ports?: () => Promise<LiveKitPorts>;
  /** Start on the ports and with the keys of this (stopped) server: a restart, as clients see it. */
  reuse?: { ports: LiveKitPorts; apiKey: string; apiSecret: string };
  /** These keys instead of fresh ones (the nodes of one cluster share them). */
  keys?: LiveKitKeys;
  /** The server's whole configuration (default: `liveKitConfig`, one node on loopback). */
  config?: (ports: LiveKitPorts, keys: LiveKitKeys, webhookUrls?: readonly string[]) => string;
  /** Where the server posts its webhooks (an edge's `/api/livekit/webhook`): none by default. */
  webhookUrls?: readonly string[];
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

/** Three ports probed free (`free-port.ts`): HTTP/WebSocket, ICE/TCP and ICE/UDP. */
export async function freshPorts(): Promise<LiveKitPorts> {
  const [port, tcpPort, udpPort] = await Promise.all([freeTcpPort(), freeTcpPort(), freeUdpPort()]);
  return { port, tcpPort, udpPort };
}

export async function startLiveKitServer(
  options: LiveKitServerOptions = {},
): Promise<LiveKitServer> {
  // A port probed free (`free-port.ts`) can still be taken by a program that names it before the
  // server binds it; the server then exits with "address already in use", and a fresh set of
  // ports is tried. A restart on the same ports (`reuse`) is not retried elsewhere: its clients
  // expect those ports.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch(options, options.reuse?.ports ?? (await (options.ports ?? freshPorts)()));
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('address already in use');
      if (!taken || options.reuse || attempt === 3) throw error;
    }
  }
}

async function launch(options: LiveKitServerOptions, ports: LiveKitPorts): Promise<LiveKitServer> {
  const binary = findLiveKitServerBinary();
  const reuse = options.reuse;
  const { port: httpPort, tcpPort, udpPort } = ports;
  const { apiKey, apiSecret }: LiveKitKeys = reuse ?? options.keys ?? freshKeys('test');
  const config = (options.config ?? liveKitConfig)(
    { port: httpPort, tcpPort, udpPort },
    { apiKey, apiSecret },
    options.webhookUrls,
  );

  const logs: string[] = [];
  const child = spawn(binary, ['--dev', '--config-body', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      options.onLog?.(line);
      if (logs.length < 200) logs.push(line);
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
    ports: { port: httpPort, tcpPort, udpPort },
    pid: child.pid,
    stop: () => stopChild(child),
    kill: () => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      return exited;
    },
  };
}
