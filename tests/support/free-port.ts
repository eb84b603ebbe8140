/**
 * Free local ports for servers that cannot listen on port 0 themselves (livekit-server, the
 * agent worker's health server). Another process could take the port between our close and the
 * server's bind; the window is a few milliseconds and callers retry on a failed start.
 */
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
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

/** A UDP port on 127.0.0.1 that was free a moment ago. */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.unref();
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}
