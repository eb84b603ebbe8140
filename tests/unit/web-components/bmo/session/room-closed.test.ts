/**
 * BMO's job ending: the agent leaves the room, then deletes it. The page may hear
 * BMO leave before the room closes, or only the room close; either way it is one departure, said
 * once ("BMO left the conversation.", one `agent_left`), never a lost connection. The room here is
 * a stand-in with livekit-client's event names; the real job end is in
 * tests/e2e/bmo-job-end.spec.ts.
 */
import { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { BmoRoom } from '../../../../../web-components/bmo/session/bmo-room.ts';
import { configureEvents } from '../../../../../web-components/events/index.ts';
import { createBmoStores } from '../../../../../web-components/stores/bmo.ts';
import { createCassetteStore } from '../../../../../web-components/stores/cassette.ts';

beforeAll(() => configureEvents({ console: false, endpoint: null }));

const BMO = {
  identity: 'agent-AJ_1',
  kind: 4,
  attributes: { 'lk.agent.state': 'listening', 'bmo.engine': 'offline' },
};

/** The rooms the page made, newest last. */
const rooms: StandInRoom[] = [];

class StandInRoom extends EventEmitter {
  engine = new EventEmitter();
  state = 'connected';
  remoteParticipants = new Map<string, unknown>([[BMO.identity, BMO]]);
  localParticipant = { identity: 'visitor-1', setMicrophoneEnabled: async () => undefined };
  constructor() {
    super();
    rooms.push(this);
  }
  registerTextStreamHandler(): void {}
  async connect(): Promise<void> {}
  async startAudio(): Promise<void> {}
  async disconnect(): Promise<void> {}
}

const ROOM_DELETED = 5;
const lk = {
  Room: StandInRoom,
  setLogLevel: () => undefined,
  LogLevel: { warn: 3 },
  DisconnectReason: { ROOM_DELETED },
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

async function connected() {
  const stores = createBmoStores();
  const controller = new BmoRoom({
    stores,
    cassette: createCassetteStore(),
    fetch: async () =>
      new Response(
        JSON.stringify({
          serverUrl: 'ws://127.0.0.1:7880',
          roomName: 'bmo-0123456789abcdef',
          participantToken: 'jwt',
          participantName: 'Visitor',
          expiresAt: Math.floor(Date.now() / 1000) + 600,
        }),
        { headers: { 'content-type': 'application/json' } },
      ),
    loadLiveKit: async () => lk,
    agentJoinTimeoutMs: 60_000,
  });
  await controller.connect({ textOnly: true });
  const room = rooms.at(-1);
  if (!room) throw new Error('no room made');
  expect(stores.$connection.get()).toBe('connected');
  const errors: string[] = [];
  stores.$error.listen((error) => {
    if (error) errors.push(error.code);
  });
  return { stores, room, errors };
}

describe('BMO leaving at the end of its job', () => {
  it('says once that BMO left when it leaves and then its room closes', async () => {
    const { stores, room, errors } = await connected();
    room.remoteParticipants.delete(BMO.identity);
    room.emit('participantDisconnected', BMO);
    room.emit('disconnected', ROOM_DELETED);
    expect(errors).toEqual(['agent_left']);
    expect(stores.$connection.get()).toBe('disconnected');
  });

  it('says that BMO left when only the room closing reaches the page', async () => {
    const { stores, room, errors } = await connected();
    room.emit('disconnected', ROOM_DELETED);
    expect(errors).toEqual(['agent_left']);
    expect(stores.$connection.get()).toBe('disconnected');
  });

  it('calls a drop after BMO left a lost connection', async () => {
    const { room, errors } = await connected();
    room.remoteParticipants.delete(BMO.identity);
    room.emit('participantDisconnected', BMO);
    room.emit('disconnected', 1);
    expect(errors).toEqual(['agent_left', 'connection_lost']);
  });
});
