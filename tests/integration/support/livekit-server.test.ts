/**
 * The tests' LiveKit server starts even when a port it was given is taken by the time it binds
 * (another process can hold the ICE/TCP port on an address other than 127.0.0.1): it tries a fresh
 * set of ports, and says the server's own words when it cannot start.
 */
import { type Server, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveKitPorts } from '../../../scripts/livekit-local.ts';
import {
  type LiveKitServer,
  freshPorts,
  startLiveKitServer,
} from '../../support/livekit-server.ts';

const held: Server[] = [];
const servers: LiveKitServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await Promise.all(
    held.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

/** Holds a TCP port on every address (`::`, dual-stack), as another program on the machine may. */
function hold(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '::', () => {
      held.push(server);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('no TCP address'));
      else resolve(address.port);
    });
  });
}

describe("the tests' LiveKit server", () => {
  it('tries fresh ports when its ICE/TCP port is taken before it binds, and then answers', async () => {
    const taken = await hold();
    const offered: LiveKitPorts[] = [];
    const ports = async () => {
      const next =
        offered.length === 0 ? { ...(await freshPorts()), tcpPort: taken } : await freshPorts();
      offered.push(next);
      return next;
    };

    const server = await startLiveKitServer({ ports });
    servers.push(server);

    expect(offered).toHaveLength(2);
    expect(offered[0]?.tcpPort).toBe(taken);
    expect(server.ports).toEqual(offered[1]);
    expect(server.ports.tcpPort).not.toBe(taken);
    const answer = await fetch(`http://127.0.0.1:${server.ports.port}/`);
    expect(answer.ok).toBe(true);
  });

  it("gives up with the server's own words after three taken sets of ports", async () => {
    const taken = await hold();
    let asked = 0;
    const ports = async () => {
      asked += 1;
      return { ...(await freshPorts()), tcpPort: taken };
    };

    await expect(startLiveKitServer({ ports })).rejects.toThrow(/address already in use/);
    expect(asked).toBe(3);
  });
});
