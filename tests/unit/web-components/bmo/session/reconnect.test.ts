/**
 * How BMO's room session keeps what the person had when it reconnects (docs/faults.md): which
 * reconnects ask the edge for a fresh token, and which joins keep the transcript and the cassette.
 * The joins here stop at loading the LiveKit SDK (a stand-in that fails), after the token step
 * this is about; the joins that reach the room are in tests/e2e/bmo-faults-*.spec.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BmoRoom } from '../../../../../web-components/bmo/session/bmo-room.ts';
import { createBmoStores, upsertBmoTranscript } from '../../../../../web-components/stores/bmo.ts';
import { createCassetteStore } from '../../../../../web-components/stores/cassette.ts';
import { configureEvents } from '../../../../../web-components/events/index.ts';

// the failed joins are logged as events: kept off the console here
beforeAll(() => configureEvents({ console: false, endpoint: null }));

const GRANT = {
  serverUrl: 'ws://127.0.0.1:7880',
  roomName: 'bmo-0123456789abcdef',
  participantToken: 'jwt',
  participantName: 'Visitor',
  expiresAt: Math.floor(Date.now() / 1000) + 600,
};

function setup() {
  const stores = createBmoStores();
  const cassette = createCassetteStore();
  let tokenRequests = 0;
  const controller = new BmoRoom({
    stores,
    cassette,
    fetch: async () => {
      tokenRequests += 1;
      return new Response(JSON.stringify(GRANT), {
        headers: { 'content-type': 'application/json' },
      });
    },
    loadLiveKit: () => Promise.reject(new Error('no network in this test')),
  });
  const said = () => stores.$transcript.get().map((line) => line.text);
  const talk = () => {
    upsertBmoTranscript(stores, {
      id: 'u1',
      speaker: 'user',
      text: 'my PhilHealth ID?',
      final: true,
    });
    upsertBmoTranscript(stores, {
      id: 'a1',
      speaker: 'agent',
      text: 'On the cassette!',
      final: true,
    });
    cassette.set({ title: 'PhilHealth ID', content: '12-345678901-2' });
  };
  return { stores, cassette, controller, said, talk, tokens: () => tokenRequests };
}

describe('BmoRoom reconnects', () => {
  it('Reconnect after BMO left asks the edge for a fresh token even while the last one lasts; after a lost connection it reuses it', async () => {
    const { controller, tokens } = setup();
    await controller.connect();
    expect(tokens()).toBe(1);
    await controller.reconnect();
    expect(tokens(), 'the same room while the token lasts').toBe(1);
    await controller.reconnect({ fresh: true });
    expect(tokens(), 'a new room, where BMO is dispatched again').toBe(2);
  });

  it('keeps the transcript and the cassette through a reconnect, and through a Retry after a failed reconnect', async () => {
    const { stores, cassette, controller, said, talk } = setup();
    await controller.connect();
    talk();
    const before = { said: said(), cassette: cassette.$cassette.get() };

    await controller.reconnect({ fresh: true });
    expect(stores.$error.get()?.code, 'this join failed on the way back').toBe('connect_failed');
    expect(said()).toEqual(before.said);
    expect(cassette.$cassette.get()).toEqual(before.cassette);

    await controller.retry();
    expect(said(), 'still resuming the same talk').toEqual(before.said);
    expect(cassette.$cassette.get()).toEqual(before.cassette);
  });

  it('a new conversation (Connect), and a Retry of a first connect that failed, start an empty transcript', async () => {
    const { controller, said, talk } = setup();
    talk();
    await controller.connect();
    expect(said()).toEqual([]);
    talk();
    await controller.retry();
    expect(said()).toEqual([]);
  });
});
