/**
 * The test ports (`tests/support/free-port.ts`) come from outside the kernel's ephemeral range,
 * where no outgoing connection or `listen(0)` can take them between the probe and the server's
 * bind, are free on every address, and are never handed out twice while claimed.
 */
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ephemeralRange,
  freeTcpPort,
  freeUdpPort,
  testPortWindow,
} from '../../support/free-port.ts';

const open: Server[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  await Promise.all(
    open.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

/** A folder of claims no other test process uses. */
function claimsFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'test-port-claims-'));
  folders.push(folder);
  return folder;
}

function listen(port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      open.push(server);
      resolve(server);
    });
  });
}

function bindUdp(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp6');
    socket.once('error', reject);
    socket.bind({ port, address: '::', exclusive: true }, () => socket.close(() => resolve()));
  });
}

describe('test ports', () => {
  it('are drawn below the ephemeral range, or above it when there is no room below', () => {
    expect(testPortWindow({ low: 32768, high: 60999 })).toEqual({ low: 20000, high: 32767 });
    expect(testPortWindow({ low: 49152, high: 65535 })).toEqual({ low: 20000, high: 49151 });
    expect(testPortWindow({ low: 1024, high: 50000 })).toEqual({ low: 50001, high: 65535 });
    expect(() => testPortWindow({ low: 1024, high: 65000 })).toThrow(
      /no room for test ports outside the ephemeral range 1024-65000/,
    );
  });

  it("never come from this machine's ephemeral range, and bind on every address", async () => {
    const ephemeral = ephemeralRange();
    const tcp = await Promise.all(Array.from({ length: 40 }, () => freeTcpPort()));
    const udp = await Promise.all(Array.from({ length: 10 }, () => freeUdpPort()));
    for (const port of [...tcp, ...udp]) {
      expect(port < ephemeral.low || port > ephemeral.high, `port ${port}`).toBe(true);
    }
    // drawn side by side, no port is handed out twice
    expect(new Set(tcp).size).toBe(tcp.length);
    expect(new Set(udp).size).toBe(udp.length);
    for (const port of tcp) await listen(port, '::');
    for (const port of udp) await bindUdp(port);
  });

  it('skip a port another program holds on any one address', async () => {
    for (const host of ['::', '127.0.0.1']) {
      const held = await listen(0, host);
      const { port } = held.address() as { port: number };
      const window = { low: port, high: port };
      // a folder of claims of its own, so only the probe can refuse the port
      await expect(freeTcpPort({ window, claims: claimsFolder() })).rejects.toThrow(
        `no free port in ${port}-${port}`,
      );
      await new Promise<void>((resolve) => held.close(() => resolve()));
      expect(await freeTcpPort({ window, claims: claimsFolder() })).toBe(port);
    }
  });

  it('skip a port another test process has claimed, and fail clearly when none is left', async () => {
    const claims = claimsFolder();
    const first = await freeTcpPort({ claims });
    const window = { low: first, high: first };
    // the one-port window holds only the claimed port, free but claimed: every draw is refused
    await expect(freeTcpPort({ window, claims })).rejects.toThrow(
      `no free port in ${first}-${first} after 200 tries`,
    );
    // the same port, drawn where nobody claimed it
    expect(await freeTcpPort({ window, claims: claimsFolder() })).toBe(first);
  });
});
