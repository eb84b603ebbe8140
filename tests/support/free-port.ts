/**
 * Free local ports for servers that cannot listen on port 0 themselves (livekit-server, the agent
 * worker's health server, the parts `npm start` runs). Three guards, each for a way a port can be
 * taken between the probe and the bind:
 *
 * - **Outside the ephemeral range.** The port is drawn at random below the kernel's ephemeral
 *   range (Linux's `ip_local_port_range`, 32768–60999 by default). Every outgoing connection and
 *   every `listen(0)` on the machine takes its port from that range, and the test lanes make
 *   thousands, so a port probed there can be taken in the seconds before its server binds it.
 *   Below the range, only a program that names the port can take it.
 * - **Claimed among our test processes.** Each port handed out is claimed (an atomic `mkdir` in
 *   the temp folder), so test processes drawing side by side never hand out the same port before
 *   its server binds. A claim lapses after 20 minutes, longer than any test's server runs.
 * - **Free on every address.** The probe binds the wildcard (`::`, dual-stack, or `0.0.0.0`
 *   without IPv6): a port free on 127.0.0.1 alone can be held on another address, and
 *   livekit-server's ICE/TCP port listens on every address.
 */
import { createSocket } from 'node:dgram';
import { mkdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The lowest port drawn: below it sit many well-known services (databases, dev servers). */
const FLOOR = 20_000;
/** The fewest ports a window may hold, so random draws rarely meet. */
const LEAST_WINDOW = 4096;
const CLAIMS = join(tmpdir(), 'voice-agent-elements-test-ports');
const CLAIM_LAPSES_MS = 20 * 60_000;
const TRIES = 200;

export interface PortWindow {
  low: number;
  high: number;
}

/** The kernel's ephemeral port range: Linux says it; elsewhere, IANA's (macOS, Windows). */
export function ephemeralRange(): PortWindow {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low, high } as PortWindow;
  } catch {
    // not Linux
  }
  return process.platform === 'linux' ? { low: 32768, high: 60999 } : { low: 49152, high: 65535 };
}

/** Where test ports are drawn: below the ephemeral range, or above it when there is no room below. */
export function testPortWindow(ephemeral: PortWindow = ephemeralRange()): PortWindow {
  if (ephemeral.low - FLOOR >= LEAST_WINDOW) return { low: FLOOR, high: ephemeral.low - 1 };
  if (65535 - ephemeral.high >= LEAST_WINDOW) return { low: ephemeral.high + 1, high: 65535 };
  throw new Error(
    `no room for test ports outside the ephemeral range ${ephemeral.low}-${ephemeral.high} ` +
      '(/proc/sys/net/ipv4/ip_local_port_range): leave 4096 ports free above 20000',
  );
}

export interface PortDraw {
  /** Where to draw (default `testPortWindow()`). */
  window?: PortWindow;
  /** The folder of claims (default: the one every test process on this machine shares). */
  claims?: string;
}

/** A TCP port free on every local address, outside the ephemeral range, claimed for the caller. */
export function freeTcpPort(options: PortDraw = {}): Promise<number> {
  return draw((port) => bindable(port, tcpBinds), options);
}

/** A UDP port free on every local address, outside the ephemeral range, claimed for the caller. */
export function freeUdpPort(options: PortDraw = {}): Promise<number> {
  return draw((port) => bindable(port, udpBinds), options);
}

async function draw(
  free: (port: number) => Promise<boolean>,
  { window = testPortWindow(), claims = CLAIMS }: PortDraw,
): Promise<number> {
  mkdirSync(claims, { recursive: true });
  for (let tries = 0; tries < TRIES; tries++) {
    const port = window.low + Math.floor(Math.random() * (window.high - window.low + 1));
    if (claim(claims, port) && (await free(port))) return port;
  }
  throw new Error(`no free port in ${window.low}-${window.high} after ${TRIES} tries`);
}

/** True when this process now holds the claim on `port` (a fresh one, or one that lapsed). */
function claim(claims: string, port: number): boolean {
  const path = join(claims, String(port));
  try {
    mkdirSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    if (Date.now() - statSync(path).mtimeMs < CLAIM_LAPSES_MS) return false;
    const now = new Date();
    utimesSync(path, now, now);
    return true;
  } catch {
    return false;
  }
}

/** Binds `port` on `::` (or on `0.0.0.0` where the machine has no IPv6) and lets it go. */
async function bindable(
  port: number,
  binds: (port: number, host: string) => Promise<void>,
): Promise<boolean> {
  try {
    await binds(port, '::');
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return false;
  }
  return binds(port, '0.0.0.0').then(
    () => true,
    () => false,
  );
}

function tcpBinds(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

function udpBinds(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(host === '::' ? 'udp6' : 'udp4');
    socket.unref();
    socket.once('error', reject);
    socket.bind({ port, address: host, exclusive: true }, () => socket.close(() => resolve()));
  });
}
