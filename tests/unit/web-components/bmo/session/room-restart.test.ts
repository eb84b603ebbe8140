/**
 * A livekit-server restart (docs/faults.md): livekit-client says the room is Reconnected while its
 * engine is still restarting the transports, and a chat sent then is lost. The room session keeps
 * the page "reconnecting" (no typing, no "BMO is back") until the engine has restarted. The room
 * here is a stand-in with livekit-client's event names; the real restart is in
 * tests/e2e/bmo-faults-server.spec.ts.
 */
import { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RoomConnection } from '../../../../../web-components/bmo/session/connection.ts';
import { SessionLog, configureEvents } from '../../../../../web-components/events/index.ts';
import { createBmoStores } from '../../../../../web-components/stores/bmo.ts';
import { createCassetteStore } from '../../../../../web-components/stores/cassette.ts';

beforeAll(() => configureEvents({ console: false, endpoint: null }));

class StandInRoom extends EventEmitter {
  engine = new EventEmitter();
  state = 'connected';
  remoteParticipants = new Map<string, unknown>();
  localParticipant = { identity: 'visitor-1', setMicrophoneEnabled: async () => undefined };
  registerTextStreamHandler(): void {}
  async disconnect(): Promise<void> {}
}

const lk = {
  Room: StandInRoom,
  RoomEvent: Object.fromEntries(
    [
      'ConnectionStateChanged',
      'Reconnecting',
      'Reconnected',
      'Disconnected',
      'ParticipantConnected',
      'ParticipantDisconnected',
      'ParticipantAttributesChanged',
      'ActiveSpeakersChanged',
      'TrackSubscribed',
      'TrackUnsubscribed',
      'DataReceived',
    ].map((name) => [name, name[0]?.toLowerCase() + name.slice(1)]),
  ),
  ConnectionState: {
    Connected: 'connected',
    Reconnecting: 'reconnecting',
    SignalReconnecting: 'signalReconnecting',
  },
  ParticipantKind: { STANDARD: 0, AGENT: 4 },
  Track: { Kind: { Audio: 'audio' } },
} as unknown as typeof import('livekit-client');

const BMO = {
  identity: 'agent-AJ_1',
  kind: 4,
  attributes: { 'lk.agent.state': 'listening', 'bmo.engine': 'offline' },
};

describe('RoomConnection through a livekit-server restart', () => {
  it('stays reconnecting, and says nothing of BMO, until the engine has restarted', async () => {
    const stores = createBmoStores();
    const session = new RoomConnection(lk, new SessionLog('s-1'), {
      stores,
      cassette: createCassetteStore(),
      agentJoinTimeoutMs: 60_000,
      textOnly: () => true,
      becameTextOnly: () => undefined,
      fail: () => undefined,
      lost: () => undefined,
      returning: true,
    });
    const room = session.room as unknown as StandInRoom;
    stores.$connection.set('connected');

    room.emit('reconnecting');
    room.engine.emit('restarting');
    expect(stores.$connection.get()).toBe('reconnecting');
    // livekit-client reports the signal back before the transports are
    room.emit('connectionStateChanged', 'connected');
    room.emit('reconnected');
    room.remoteParticipants.set(BMO.identity, BMO);
    room.emit('participantConnected', BMO);
    expect(stores.$connection.get()).toBe('reconnecting');
    expect(stores.$announcement.get()?.message ?? '').not.toMatch(/^BMO is back\./);

    room.engine.emit('restarted');
    await vi.waitFor(() => expect(stores.$connection.get()).toBe('connected'));
    expect(stores.$announcement.get()?.message).toMatch(/^BMO is back\. Type to BMO\./);
    await session.leave();
  });
});
