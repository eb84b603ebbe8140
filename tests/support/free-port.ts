/**
 * Free local ports for servers that cannot listen on port 0 themselves (livekit-server, the
 * agent worker's health server). The probe binds the wildcard address, IPv6 and IPv4 at once
 * where the machine has IPv6: a port free on 127.0.0.1 alone can still be held on ::1 or another
 * address (a client's ephemeral port), and a server that listens on every address, as
 * livekit-server's ICE/TCP port does, then fails with "address already in use" (fresh clone q5).
 * Another process could still take the port between our close and the server's bind; the window
 * is a few milliseconds, and `startLiveKitServer` tries fresh ports when it happens.
 */
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/** A TCP port free on every local address a moment ago. */
export async function freeTcpPort(): Promise<number> {
  return (await probeTcp('::').catch(() => undefined)) ?? probeTcp('0.0.0.0');
}

function probeTcp(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the port of a probe socket'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/** A UDP port free on every local address a moment ago. */
export async function freeUdpPort(): Promise<number> {
  return (await probeUdp('udp6', '::').catch(() => undefined)) ?? probeUdp('udp4', '0.0.0.0');
}

function probeUdp(type: 'udp4' | 'udp6', host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(type);
    socket.unref();
    socket.once('error', reject);
    socket.bind(0, host, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}
