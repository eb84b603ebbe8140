/**
 * A visitor's process that reaches its join past rtc-node's FFI server's 15 s wait (a machine so
 * busy that it gets little of a core) is told so, and leaves nothing whose clean-up throws later:
 * on a real `livekit-server`, with this process's event loop held from the join's connection until
 * past that wait.
 */
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { runInNewContext } from 'node:vm';
import { Room } from '@livekit/rtc-node';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveKitServer, startLiveKitServer } from '../../support/livekit-server.ts';
import { JoinTooLate, joinRoom } from '../../support/rtc-join.ts';

/** Past the FFI server's wait for a client to say it is ready for a room's events (15 s). */
const PAST_WAIT_MS = 20_000;

/**
 * Holds this thread (its event loop with it) until LiveKit lists `identity` in the room, which it
 * does once the join has connected and rtc-node's connect callback is on its way, and `PAST_WAIT_MS`
 * more: a thread of its own asks LiveKit and wakes this one.
 */
function holdPastTheWait(server: LiveKitServer, adminToken: string, identity: string): void {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const watcher = new Worker(
    `
    const { workerData } = require('node:worker_threads');
    const { url, token, identity, pastMs, flag } = workerData;
    const listed = async () => {
      const response = await fetch(url + '/twirp/livekit.RoomService/ListParticipants', {
        method: 'POST',
        headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ room: 'late-join' }),
      }).catch(() => undefined);
      const body = response && response.ok ? await response.json() : {};
      return (body.participants || []).some((p) => p.identity === identity);
    };
    (async () => {
      while (!(await listed())) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, pastMs));
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    })();
    `,
    {
      eval: true,
      workerData: {
        url: server.url.replace(/^ws/, 'http'),
        token: adminToken,
        identity,
        pastMs: PAST_WAIT_MS,
        flag,
      },
    },
  );
  // nothing else in this process runs meanwhile, as on a machine whose cores are taken
  Atomics.wait(flag, 0, 0, 90_000);
  void watcher.terminate();
}

let livekit: LiveKitServer | undefined;
beforeAll(async () => {
  livekit = await startLiveKitServer();
}, 60_000);
afterAll(async () => {
  await livekit?.stop();
}, 30_000);

async function token(server: LiveKitServer, identity: string): Promise<string> {
  const grant = new AccessToken(server.apiKey, server.apiSecret, { identity });
  grant.addGrant({ roomJoin: true, room: 'late-join' });
  return grant.toJwt();
}

/** Every garbage collection's finalizers run, and whatever they throw is caught here. */
async function collectGarbage(): Promise<unknown[]> {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('no gc()');
  const thrown: unknown[] = [];
  const onUncaught = (error: unknown) => thrown.push(error);
  process.on('uncaughtException', onUncaught);
  try {
    for (let i = 0; i < 5; i += 1) {
      gc();
      // finalizers of native objects run after the collection, from the event loop
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  return thrown;
}

describe('joining a room from a process late to its own events', () => {
  it('rejects as too late, and collecting the room afterwards throws nothing', async () => {
    if (!livekit) throw new Error('no LiveKit server');
    const jwt = await token(livekit, 'late-visitor');
    let room: Room | undefined = new Room();
    const joining = joinRoom(room, livekit.url, jwt, { autoSubscribe: false, dynacast: false });
    const outcome = joining.then(
      () => 'joined',
      (error: unknown) => error,
    );
    // the event loop held past the server's wait: the connect callback waits in its queue
    const admin = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity: 'watcher' });
    admin.addGrant({ roomAdmin: true, room: 'late-join' });
    holdPastTheWait(livekit, await admin.toJwt(), 'late-visitor');
    expect(await outcome).toBeInstanceOf(JoinTooLate);
    room = undefined;
    expect(await collectGarbage()).toEqual([]);

    // and a join in time still works in the same process
    const again = new Room();
    await joinRoom(again, livekit.url, await token(livekit, 'visitor-again'), {
      autoSubscribe: false,
      dynacast: false,
    });
    expect(again.isConnected).toBe(true);
    await again.disconnect();
  }, 60_000);
});
