/**
 * The real worker against a real `livekit-server --dev`, with no OpenAI key: the page's token (from
 * the edge route) dispatches `bmo`, which runs on the offline language model and says so in its
 * `bmo.engine` attribute; a participant types on `lk.chat`, BMO calls obsidian-query then
 * present_to_cassette through the framework, and the cassette arrives on the data channel, on topic
 * `cassette`, from the agent. Rejoining the room brings the cassette back.
 */
import {
  DataPacketKind,
  ParticipantKind,
  type RemoteParticipant,
  Room,
  RoomEvent,
  dispose,
} from '@livekit/rtc-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CassetteMessage, parseCassette } from '../../../contracts/cassette-schema.ts';
import { AGENT_ENGINE_ATTRIBUTE } from '../../../contracts/livekit-schema.ts';
import { readFileSync } from 'node:fs';
import { type AgentWorker, startAgentWorker } from '../../support/agent-worker.ts';
import { inGroup, readProcesses } from '../../support/process-usage.ts';
import { type LiveKitServer, startLiveKitServer } from '../../support/livekit-server.ts';
import { memoryRooms } from '../../support/edge-env.ts';
import { type EdgeForLiveKit, startEdgeForLiveKit } from '../../support/edge-for-livekit.ts';
const PHILHEALTH_ID = '12-345678901-2';

interface Received {
  cassette: CassetteMessage;
  from: RemoteParticipant | undefined;
  kind: DataPacketKind | undefined;
}

/** Joins the room as the visitor and collects cassette packets and BMO's transcribed replies. */
async function joinAsVisitor(serverUrl: string, token: string) {
  const room = new Room();
  const cassettes: Received[] = [];
  const transcripts: string[] = [];
  const waiters: (() => void)[] = [];
  const notify = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  room.on(RoomEvent.DataReceived, (payload, participant, kind, topic) => {
    if (topic !== 'cassette') return;
    const parsed = parseCassette(payload);
    if (parsed.ok) cassettes.push({ cassette: parsed.cassette, from: participant, kind });
    notify();
  });
  room.registerTextStreamHandler('lk.transcription', (reader) => {
    // A line still streaming when the test leaves the room is cut off ("Disconnected while
    // receiving"): the visitor left, so there is nothing to record.
    reader.readAll().then(
      (text) => {
        if (text.trim()) transcripts.push(text);
        notify();
      },
      () => undefined,
    );
  });
  await room.connect(serverUrl, token, { autoSubscribe: true, dynacast: false });

  /** Waits for `check`; with `nudge`, repeats it every few seconds while waiting (a retried ask). */
  const until = async (
    check: () => boolean,
    what: string,
    timeoutMs = 30_000,
    nudge?: () => unknown,
  ) => {
    const deadline = Date.now() + timeoutMs;
    let nudged = 0;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      if (nudge && Date.now() - nudged > 3_000) {
        nudged = Date.now();
        await nudge();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return { room, cassettes, transcripts, until };
}

describe('the BMO worker with a real LiveKit server', () => {
  let livekit: LiveKitServer | undefined;
  let worker: AgentWorker | undefined;
  let edge: EdgeForLiveKit | undefined;

  beforeAll(async () => {
    // the edge mints as the page asks, and starts BMO's job from the server's webhook on join
    edge = await startEdgeForLiveKit();
    livekit = await startLiveKitServer({ webhookUrls: [edge.webhookUrl] });
    edge.use({
      LOCAL_DEVELOPMENT: 'true',
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
      BMO_ROOMS: memoryRooms(),
    });
    worker = await startAgentWorker({
      LIVEKIT_URL: livekit.url,
      LIVEKIT_API_KEY: livekit.apiKey,
      LIVEKIT_API_SECRET: livekit.apiSecret,
    });
    console.info(`agent worker registered in ${worker.bootMs} ms`);
  }, 90_000);

  afterAll(async () => {
    await worker?.stop();
    await livekit?.stop();
    await edge?.stop();
    await dispose();
  }, 30_000);

  it("starts no inference process: nothing holds LiveKit's end-of-turn model, which BMO's turns never ask", () => {
    // the SDK starts its inference process before it registers, so it would be running by now
    const commands = readProcesses()
      .processes.filter(inGroup(worker?.pid))
      .map(({ pid }) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        } catch {
          return '';
        }
      });
    expect(commands.some((command) => command.includes('agent/main.ts'))).toBe(true);
    expect(commands.filter((command) => command.includes('inference_proc'))).toEqual([]);
  });

  it('answers very long, blank, non-English and flooded messages without a crash of the job, and goes on answering', async () => {
    if (!livekit || !worker || !edge) throw new Error('setup failed');
    const details = await edge.token('127.0.0.1');
    const visitor = await joinAsVisitor(details.serverUrl, details.participantToken);
    const say = (text: string) =>
      visitor.room.localParticipant?.sendText(text, { topic: 'lk.chat' });
    const replyTo = async (text: string, expected: RegExp, what: string) => {
      const before = visitor.transcripts.length;
      await say(text);
      await visitor.until(
        () => visitor.transcripts.slice(before).some((t) => expected.test(t)),
        what,
      );
    };
    try {
      await visitor.until(() => visitor.transcripts.length > 0, 'the greeting', 45_000);
      await replyTo('philhealth '.repeat(1_000), /very long message/, 'the long-message refusal');
      await replyTo('   ', /didn't catch any words/, 'the blank-message answer');
      await replyTo(
        '¿Cuál es mi número de PhilHealth, por favor?',
        /only understands English/,
        'the refusal',
      );

      // a flood: thirty messages at once
      const before = visitor.transcripts.length;
      await Promise.all(Array.from({ length: 30 }, (_, i) => say(`philhealth id ${i}`)));
      await visitor.until(
        () => visitor.transcripts.slice(before).some((t) => /a lot of messages at once/.test(t)),
        'the request to slow down',
      );
      // nothing was lost: once the flood is over, BMO answers a question again
      await visitor.until(
        () => visitor.transcripts.slice(before).some((t) => t.includes(PHILHEALTH_ID)),
        'an answer after the flood',
        45_000,
        () => say("What's my PhilHealth ID?"),
      );
      // the job never failed, and logged each tool call with no contents
      expect(worker.events.filter((e) => e.level === 'error')).toEqual([]);
      expect(worker.events.some((e) => e.event === 'job_end' && e.room === details.roomName)).toBe(
        false,
      );
      await worker.waitForEvent(
        (e) =>
          e.event === 'tool_call' &&
          e.room === details.roomName &&
          e.tool === 'present_to_cassette',
      );
      const calls = worker.events.filter((e) => e.event === 'tool_call');
      for (const call of calls) {
        expect(call).toMatchObject({ tool: expect.any(String), outcome: expect.any(String) });
        expect(typeof call.durationMs).toBe('number');
      }
      expect(JSON.stringify(worker.events)).not.toMatch(/philhealth|12-345678901-2|Cuál/i);
    } finally {
      await visitor.room.disconnect();
    }
  }, 120_000);

  it('delivers the PhilHealth ID as a cassette, tells the time in the visitor zone, re-sends on rejoin', async () => {
    if (!livekit || !worker || !edge) throw new Error('setup failed');

    // the page asks the edge for a token (a fresh room; BMO's job starts when the visitor joins),
    // from the hosted page's own origin on a local npm start: the owner, who may read every note
    const details = await edge.token('127.0.0.1', {
      participantName: 'Finn',
      timeZone: 'Asia/Manila',
    });

    const joined = performance.now();
    const visitor = await joinAsVisitor(details.serverUrl, details.participantToken);
    try {
      // BMO is dispatched and greets (its session is up)
      await visitor.until(() => visitor.transcripts.length > 0, 'the greeting', 45_000);
      const greetedMs = Math.round(performance.now() - joined);
      const agent = [...visitor.room.remoteParticipants.values()].find(
        (p) => p.kind === ParticipantKind.AGENT,
      );
      expect(agent).toBeDefined();
      // the page learns from the agent's own attribute that it is the offline BMO
      await visitor.until(
        () => agent?.attributes[AGENT_ENGINE_ATTRIBUTE] === 'offline',
        'the engine attribute',
      );
      await worker.waitForEvent((e) => e.event === 'job_start' && e.room === details.roomName);

      // the visitor types the question
      const asked = performance.now();
      await visitor.room.localParticipant?.sendText('what is my philhealth id', {
        topic: 'lk.chat',
      });
      await visitor.until(() => visitor.cassettes.length > 0, 'the cassette');
      const cassetteMs = Math.round(performance.now() - asked);

      const [first] = visitor.cassettes;
      expect(first?.cassette).toEqual({
        type: 'cassette',
        title: 'PhilHealth ID',
        content: PHILHEALTH_ID,
      });
      expect(first?.from?.identity).toBe(agent?.identity);
      expect(first?.from?.kind).toBe(ParticipantKind.AGENT);
      expect(first?.kind).toBe(DataPacketKind.KIND_RELIABLE);

      // BMO says it went through the cassette
      await visitor.until(
        () => visitor.transcripts.some((t) => /cassette/i.test(t) && t.includes(PHILHEALTH_ID)),
        'the spoken confirmation',
      );

      // the worker logged both tool calls, without their contents (the job process's log lines
      // reach us through the worker's output, possibly after the cassette did)
      const roomCalls = () =>
        worker?.events.filter((e) => e.event === 'tool_call' && e.room === details.roomName) ?? [];
      await vi.waitFor(() =>
        expect(roomCalls().map((e) => [e.tool, e.outcome])).toEqual([
          ['obsidian-query', 'ok'],
          ['present_to_cassette', 'ok'],
        ]),
      );
      const calls = roomCalls();
      expect(calls[1]).toMatchObject({ transport: 'packet', room: details.roomName });
      expect(JSON.stringify(worker.events)).not.toContain(PHILHEALTH_ID);

      // the time zone the page put in the token reaches get_current_time
      const before = visitor.transcripts.length;
      await visitor.room.localParticipant?.sendText('what time is it?', { topic: 'lk.chat' });
      await visitor.until(
        () => visitor.transcripts.slice(before).some((t) => /Asia\/Manila/.test(t)),
        'the time',
      );
      expect(visitor.transcripts.slice(before).join(' ')).toMatch(
        /It's \d+:\d\d [AP]M on \w+day, \d+ \w+ \d{4} in Asia\/Manila \(UTC\+8\)/,
      );

      // the page reloads and rejoins: LiveKit kept nothing, the agent re-sends the cassette
      await visitor.room.disconnect();
      const again = await joinAsVisitor(details.serverUrl, details.participantToken);
      try {
        await again.until(() => again.cassettes.length > 0, 'the re-sent cassette');
        expect(again.cassettes[0]?.cassette.content).toBe(PHILHEALTH_ID);
        await worker.waitForEvent(
          (e) => e.event === 'cassette_resend' && e.room === details.roomName,
        );
      } finally {
        await again.room.disconnect();
      }

      console.info(`greeting after ${greetedMs} ms; cassette ${cassetteMs} ms after the question`);
    } finally {
      await visitor.room.disconnect();
    }

    // stopping the worker ends the job, and the job says how it went
    await worker.stop();
    expect(
      worker.events.find((e) => e.event === 'job_end' && e.room === details.roomName),
    ).toMatchObject({
      room: details.roomName,
      cassette: true,
    });
  }, 120_000);
});
