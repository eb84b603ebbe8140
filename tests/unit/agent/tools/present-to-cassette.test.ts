import { ParticipantKind, RoomEvent } from '@livekit/rtc-node';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CASSETTE_TOPIC,
  MAX_RELIABLE_PACKET_BYTES,
  parseCassette,
} from '../../../../contracts/cassette-schema.ts';
import {
  CASSETTE_ROOM_UNAVAILABLE,
  CassetteDeck,
  type CassetteRoom,
  PRESENT_TO_CASSETTE,
  presentToCassette,
  resendOnJoin,
} from '../../../../agent/tools/present-to-cassette.ts';
import { type BmoTestSession, startBmoTestSession } from '../../helpers/bmo-session.ts';
import { toolOutputs } from '../../../support/openai-chat-standin.ts';

interface Published {
  data: Uint8Array;
  options: { reliable?: boolean; topic?: string; destination_identities?: string[] };
}
interface Streamed {
  text: string;
  options?: {
    topic?: string;
    attributes?: Record<string, string>;
    destinationIdentities?: string[];
  };
}

/** A stand-in for rtc-node's Room that records what the local participant sends. */
function fakeRoom(options: { failWith?: Error } = {}) {
  const published: Published[] = [];
  const streamed: Streamed[] = [];
  const room: CassetteRoom = {
    isConnected: true,
    localParticipant: {
      async publishData(data, publishOptions) {
        if (options.failWith) throw options.failWith;
        published.push({ data, options: publishOptions });
      },
      async sendText(text, streamOptions) {
        if (options.failWith) throw options.failWith;
        streamed.push({ text, options: streamOptions });
        return {};
      },
    },
  };
  return { room, published, streamed };
}

let bmo: BmoTestSession | undefined;
afterEach(async () => {
  await bmo?.close();
  bmo = undefined;
});

describe('present_to_cassette through the agent session', () => {
  it('publishes exactly { type, title, content } on topic cassette, reliably, and confirms', async () => {
    const { room, published, streamed } = fakeRoom();
    bmo = await startBmoTestSession({
      resolveRoom: () => room,
      script: [
        {
          toolCalls: [
            {
              name: PRESENT_TO_CASSETTE,
              args: { title: 'Philhealth ID', content: '1234-5678-9012' },
            },
          ],
        },
        { say: 'Your PhilHealth ID is 1234-5678-9012. I sent it through the cassette too!' },
      ],
    });
    const result = await bmo.session.run({ userInput: 'show me my philhealth id' }).wait();

    result.expect.nextEvent().isFunctionCall({
      name: PRESENT_TO_CASSETTE,
      args: { title: 'Philhealth ID', content: '1234-5678-9012' },
    });
    const output = result.expect.nextEvent().isFunctionCallOutput({ isError: false });
    result.expect.nextEvent().isMessage({ role: 'assistant' });
    result.expect.noMoreEvents();

    expect(published).toHaveLength(1);
    expect(streamed).toHaveLength(0);
    const [packet] = published;
    expect(new TextDecoder().decode(packet?.data)).toBe(
      '{"type":"cassette","title":"Philhealth ID","content":"1234-5678-9012"}',
    );
    expect(packet?.options).toEqual({ reliable: true, topic: 'cassette' });

    // the model is told it was sent, so it can say so
    // (the SDK hands a tool's string result to the model JSON-encoded)
    expect(JSON.parse(output.event().item.output)).toMatch(/^Sent "Philhealth ID" to the cassette/);
    const sentBack = toolOutputs(bmo.standin.request(1));
    expect(sentBack[0]?.name).toBe(PRESENT_TO_CASSETTE);
    expect(sentBack[0]?.output).toMatch(/cassette/);

    expect(bmo.deck.current).toEqual({
      type: 'cassette',
      title: 'Philhealth ID',
      content: '1234-5678-9012',
    });
    const logged = bmo.logs.find((e) => e.event === 'tool_call');
    expect(logged).toMatchObject({ tool: PRESENT_TO_CASSETTE, outcome: 'ok', transport: 'packet' });
    expect(JSON.stringify(bmo.logs)).not.toContain('1234-5678-9012');
  });

  it('returns the spec error string when the room is unavailable', async () => {
    // no resolveRoom: the tool looks for the session's room IO and the job's room, and there are none
    bmo = await startBmoTestSession({
      script: [
        { toolCalls: [{ name: PRESENT_TO_CASSETTE, args: { title: 'Wi-Fi', content: 'pw-1' } }] },
        { say: 'Sorry, the cassette is not working right now.' },
      ],
    });
    const result = await bmo.session.run({ userInput: 'send the wifi password' }).wait();
    result.expect.nextEvent().isFunctionCall({ name: PRESENT_TO_CASSETTE });
    result.expect
      .nextEvent()
      .isFunctionCallOutput({ output: CASSETTE_ROOM_UNAVAILABLE, isError: true });
    expect(CASSETTE_ROOM_UNAVAILABLE).toBe(
      'Error: could not send to the cassette because the room is not available.',
    );
    expect(toolOutputs(bmo.standin.request(1))[0]?.output).toBe(CASSETTE_ROOM_UNAVAILABLE);
    expect(bmo.deck.current).toBeUndefined();
    expect(bmo.logs.find((e) => e.event === 'tool_call')).toMatchObject({
      outcome: 'unavailable',
    });
  });

  it('sends content larger than one reliable packet as a text stream, in full', async () => {
    const { room, published, streamed } = fakeRoom();
    const content = `${'0123456789abcdef'.repeat(1_500)}-end`;
    bmo = await startBmoTestSession({
      resolveRoom: () => room,
      script: [
        { toolCalls: [{ name: PRESENT_TO_CASSETTE, args: { title: 'Big note', content } }] },
        { say: 'Sent the whole note to the cassette.' },
      ],
    });
    const result = await bmo.session.run({ userInput: 'put the whole note on screen' }).wait();
    result.expect.nextEvent().isFunctionCall({ name: PRESENT_TO_CASSETTE });
    result.expect.nextEvent().isFunctionCallOutput({ isError: false });

    expect(published).toHaveLength(0);
    expect(streamed).toHaveLength(1);
    const [stream] = streamed;
    expect(stream?.options?.topic).toBe(CASSETTE_TOPIC);
    expect(new TextEncoder().encode(stream?.text).byteLength).toBeGreaterThan(
      MAX_RELIABLE_PACKET_BYTES,
    );
    const parsed = parseCassette(stream?.text ?? '');
    expect(parsed).toEqual({
      ok: true,
      cassette: { type: 'cassette', title: 'Big note', content },
    });
    expect(bmo.logs.find((e) => e.event === 'tool_call')).toMatchObject({ transport: 'stream' });
  });

  it('refuses invalid arguments with a clear error and sends nothing', async () => {
    const { room, published, streamed } = fakeRoom();
    bmo = await startBmoTestSession({
      resolveRoom: () => room,
      script: [
        { toolCalls: [{ name: PRESENT_TO_CASSETTE, args: { title: '   ', content: 'x' } }] },
        { say: 'Oops.' },
      ],
    });
    const result = await bmo.session.run({ userInput: 'send it' }).wait();
    result.expect.nextEvent().isFunctionCall({ name: PRESENT_TO_CASSETTE });
    const output = result.expect.nextEvent().isFunctionCallOutput({ isError: true });
    expect(output.event().item.output).toMatch(/title/);
    expect(published).toHaveLength(0);
    expect(streamed).toHaveLength(0);
  });
});

describe('presentToCassette', () => {
  it('validates its arguments with the contract schema', async () => {
    const { room, published } = fakeRoom();
    const deck = new CassetteDeck();
    for (const args of [
      undefined,
      {},
      { title: 'ID' },
      { title: 'x'.repeat(61), content: 'y' },
      { title: 'ID', content: '' },
      { title: 3, content: 'y' },
    ]) {
      const reply = await presentToCassette(args, room, deck);
      expect(reply.outcome).toBe('invalid');
      expect(reply.output).toMatch(/^Error: could not send to the cassette because the arguments/);
    }
    expect(published).toHaveLength(0);
  });

  it('treats a disconnected room or one without a local participant as unavailable', async () => {
    const deck = new CassetteDeck();
    const args = { title: 'ID', content: '1' };
    expect((await presentToCassette(args, undefined, deck)).output).toBe(CASSETTE_ROOM_UNAVAILABLE);
    expect((await presentToCassette(args, { isConnected: true }, deck)).output).toBe(
      CASSETTE_ROOM_UNAVAILABLE,
    );
    const { room } = fakeRoom();
    expect((await presentToCassette(args, { ...room, isConnected: false }, deck)).output).toBe(
      CASSETTE_ROOM_UNAVAILABLE,
    );
  });

  it('reports a failed send as an error and keeps the previous cassette', async () => {
    const deck = new CassetteDeck();
    await presentToCassette({ title: 'First', content: 'a' }, fakeRoom().room, deck);
    const failing = fakeRoom({ failWith: new Error('engine closed') }).room;
    const reply = await presentToCassette({ title: 'Second', content: 'b' }, failing, deck);
    expect(reply.outcome).toBe('error');
    expect(reply.output).toMatch(/^Error: could not send to the cassette \(engine closed\)/);
    expect(deck.current?.title).toBe('First');
  });
});

describe('re-sending the cassette when a visitor rejoins', () => {
  type Listener = (participant: { identity: string; kind: ParticipantKind }) => void;

  function emitterRoom() {
    const fake = fakeRoom();
    const listeners = new Set<Listener>();
    const room = {
      ...fake.room,
      on(event: RoomEvent, listener: Listener) {
        if (event === RoomEvent.ParticipantConnected) listeners.add(listener);
        return room;
      },
      off(event: RoomEvent, listener: Listener) {
        if (event === RoomEvent.ParticipantConnected) listeners.delete(listener);
        return room;
      },
    };
    const join = (identity: string, kind = ParticipantKind.STANDARD) => {
      for (const listener of listeners) listener({ identity, kind });
    };
    return { ...fake, room, join, listeners };
  }

  it('re-sends the current cassette only to the visitor who joined', async () => {
    const { room, published, join } = emitterRoom();
    const deck = new CassetteDeck();
    const stop = resendOnJoin(room, deck);

    join('visitor-1'); // nothing presented yet
    expect(published).toHaveLength(0);

    await presentToCassette({ title: 'Wi-Fi', content: 'lemon-grab-4417' }, room, deck);
    expect(published).toHaveLength(1);

    join('visitor-1');
    join('agent-2', ParticipantKind.AGENT);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published).toHaveLength(2);
    expect(published[1]?.options).toEqual({
      reliable: true,
      topic: 'cassette',
      destination_identities: ['visitor-1'],
    });
    expect(parseCassette(published[1]?.data ?? new Uint8Array())).toEqual({
      ok: true,
      cassette: { type: 'cassette', title: 'Wi-Fi', content: 'lemon-grab-4417' },
    });

    stop();
    join('visitor-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published).toHaveLength(2);
  });
});
