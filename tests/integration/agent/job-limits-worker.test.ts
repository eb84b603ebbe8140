/**
 * Job limits on the real worker and a real `livekit-server`, with short limits set through the
 * environment: a quiet visitor hears BMO's goodbye on `lk.transcription`, the job ends logging
 * `idle_timeout` and its room is closed with the visitor in it; a visitor who keeps talking is said goodbye to at the maximum duration, logged
 * as `max_duration`. And one token, one job: minting starts nothing, the visitor's join starts the
 * job (through the edge's webhook route), a token used again after its room closed starts no
 * second job, while a fresh token (the page's Reconnect) gets a fresh job.
 */
import { DisconnectReason, Room, RoomEvent, dispose } from '@livekit/rtc-node';
import { AgentDispatchClient, RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LIVEKIT_AGENT_NAME,
  type LiveKitTokenResponse,
  TRANSCRIPTION_TOPIC,
} from '../../../contracts/livekit-schema.ts';
import { GOODBYE_LINES } from '../../../agent/job-limits.ts';
import { type AgentWorker, startAgentWorker } from '../../support/agent-worker.ts';
import { type LiveKitServer, startLiveKitServer } from '../../support/livekit-server.ts';
import { memoryRooms } from '../../support/edge-env.ts';
import { type EdgeForLiveKit, startEdgeForLiveKit } from '../../support/edge-for-livekit.ts';
import { until } from '../../support/wait.ts';

const IDLE_MINUTES = 0.1; // 6 s
const MAX_MINUTES = 0.3; // 18 s

describe('job limits on the real worker', () => {
  let livekit: LiveKitServer | undefined;
  let worker: AgentWorker | undefined;
  let edge: EdgeForLiveKit | undefined;

  beforeAll(async () => {
    edge = await startEdgeForLiveKit();
    livekit = await startLiveKitServer({ webhookUrls: [edge.webhookUrl] });
    edge.use({
      LOCAL_DEVELOPMENT: 'true',
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
      LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS: '1',
      BMO_ROOMS: memoryRooms(),
    });
    worker = await startAgentWorker({
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
      BMO_IDLE_MINUTES: String(IDLE_MINUTES),
      BMO_MAX_SESSION_MINUTES: String(MAX_MINUTES),
    });
  }, 90_000);

  afterAll(async () => {
    await worker?.stop();
    await livekit?.stop();
    await edge?.stop();
    await dispose();
  }, 30_000);

  async function mint() {
    if (!edge) throw new Error('setup failed');
    return edge.token('127.0.0.1');
  }

  async function join(details?: LiveKitTokenResponse) {
    details ??= await mint();
    const room = new Room();
    const transcripts: string[] = [];
    room.registerTextStreamHandler(TRANSCRIPTION_TOPIC, (reader) => {
      // a line cut off by leaving the room is nothing to keep
      reader.readAll().then(
        (text) => transcripts.push(text),
        () => undefined,
      );
    });
    await room.connect(details.serverUrl, details.participantToken, {
      autoSubscribe: true,
      dynacast: false,
    });
    return { room, transcripts, roomName: details.roomName };
  }

  it('says goodbye to a quiet visitor after the idle time, ends the job as idle_timeout and closes the room', async () => {
    if (!worker || !livekit) throw new Error('setup failed');
    const visitor = await join();
    const disconnected = new Promise<DisconnectReason>((resolve) =>
      visitor.room.once(RoomEvent.Disconnected, resolve),
    );
    try {
      await until(() => visitor.transcripts.length > 0, 'the greeting', 45_000);
      const greeted = Date.now();
      await until(
        () => visitor.transcripts.includes(GOODBYE_LINES.idle_timeout),
        'the idle goodbye',
        30_000,
      );
      const quietMs = Date.now() - greeted;
      console.info(
        `idle goodbye ${quietMs} ms after the greeting (limit ${IDLE_MINUTES * 60_000} ms)`,
      );
      expect(quietMs).toBeGreaterThanOrEqual(IDLE_MINUTES * 60_000 - 1_000);
      const end = await worker.waitForEvent(
        (e) => e.event === 'job_end' && e.room === visitor.roomName,
      );
      expect(end.reason).toBe('idle_timeout');
      expect(
        worker.events.find((e) => e.event === 'job_limit' && e.room === visitor.roomName)?.reason,
      ).toBe('idle_timeout');
      // the job's end closed its room: the visitor is not left, billed, in a room BMO has gone from
      expect(await disconnected).toBe(DisconnectReason.ROOM_DELETED);
      const rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret);
      expect(await rooms.listRooms([visitor.roomName])).toEqual([]);
    } finally {
      await visitor.room.disconnect();
    }
  }, 90_000);

  it('says goodbye at the maximum duration to a visitor who keeps talking, logged as max_duration', async () => {
    if (!worker) throw new Error('setup failed');
    const visitor = await join();
    try {
      await until(() => visitor.transcripts.length > 0, 'the greeting', 45_000);
      const talking = setInterval(() => {
        void visitor.room.localParticipant?.sendText('hello BMO', { topic: 'lk.chat' });
      }, 2_000);
      try {
        await until(
          () => visitor.transcripts.includes(GOODBYE_LINES.max_duration),
          'the goodbye at the maximum',
          60_000,
        );
      } finally {
        clearInterval(talking);
      }
      const end = await worker.waitForEvent(
        (e) => e.event === 'job_end' && e.room === visitor.roomName,
      );
      expect(end.reason).toBe('max_duration');
      expect(visitor.transcripts).not.toContain(GOODBYE_LINES.idle_timeout);
    } finally {
      await visitor.room.disconnect();
    }
  }, 120_000);

  it('starts no second job for a token used again after its room closed; a fresh token gets one', async () => {
    if (!livekit || !worker) throw new Error('setup failed');
    const api = livekit.url.replace(/^ws/, 'http');
    const rooms = new RoomServiceClient(api, livekit.apiKey, livekit.apiSecret);
    const dispatches = new AgentDispatchClient(api, livekit.apiKey, livekit.apiSecret);
    const jobsIn = (room: string) =>
      worker?.events.filter((e) => e.event === 'job_start' && e.room === room).length ?? 0;

    const details = await mint();
    // minting made no room (and so no dispatch) before anyone joined
    expect(await rooms.listRooms([details.roomName])).toEqual([]);
    const first = await join(details);
    await until(() => first.transcripts.length > 0, 'the greeting', 45_000);
    // exactly one dispatch of bmo (beside livekit-server's automatic one for unnamed agents)
    const bmo = (await dispatches.listDispatch(details.roomName)).filter(
      (d) => d.agentName === LIVEKIT_AGENT_NAME,
    );
    expect(bmo.length).toBe(1);
    await first.room.disconnect();
    // the job ends (idle limit) and the empty room closes, dispatch and all
    await vi.waitFor(
      async () => {
        if ((await rooms.listRooms([details.roomName])).length > 0) throw new Error('room open');
      },
      { timeout: 60_000, interval: 250 },
    );

    const reused = await join(details);
    try {
      // livekit-server made the room anew (auto-create, whatever the token's roomCreate says);
      // the edge, told of the join, dispatched nothing: the room's one job has run
      await until(
        () =>
          edge?.handled.filter(
            (h) =>
              h.event === 'participant_joined' &&
              h.room === details.roomName &&
              h.identity.startsWith('visitor-'),
          ).length === 2,
        'the edge answering the second visit',
        20_000,
      );
      const again = await dispatches.listDispatch(details.roomName);
      expect(again.filter((d) => d.agentName === LIVEKIT_AGENT_NAME)).toEqual([]);
      // the page's Reconnect: a fresh token, a fresh room, a fresh job that greets
      const fresh = await join();
      try {
        await until(() => fresh.transcripts.length > 0, 'the fresh job greeting', 45_000);
        expect(jobsIn(fresh.roomName)).toBe(1);
        expect(jobsIn(details.roomName)).toBe(1);
        expect(reused.transcripts).toEqual([]);
      } finally {
        await fresh.room.disconnect();
      }
    } finally {
      await reused.room.disconnect();
    }
  }, 150_000);
});
