/**
 * The reader's inbound budget (reader/protocol/limits.ts, `InboundBudget`): a socket that floods,
 * with large frames or with responses, is told why and closed with 1008, while a session that
 * sends at any honest pace, and the other sessions on the same host, go on. In process with a
 * clock the test moves, and over the Node host with real sockets.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ReaderSession } from '../../../../reader/protocol/engine.ts';
import {
  CLOSE_POLICY,
  INBOUND_BURST_BYTES,
  INBOUND_BYTES_PER_SECOND,
  RESPONSE_BURST,
  RESPONSES_PER_SECOND,
} from '../../../../reader/protocol/limits.ts';
import { startReaderServer, type ReaderServer } from '../../../support/reader-node-host.ts';

interface Event {
  type: string;
  error?: { code?: string; message?: string };
}

const message = (text: string) =>
  JSON.stringify({
    type: 'conversation.item.create',
    item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
  });
const CREATE = JSON.stringify({ type: 'response.create' });
/** A 60 KiB user message, the hostile scale step's frame. */
const LARGE = message('hi' + '!'.repeat(60 * 1024) + 'x');

function session(clock: { now: number }) {
  const events: Event[] = [];
  const closes: number[] = [];
  const reader = new ReaderSession({
    send: (event) => events.push(event as Event),
    close: (code) => closes.push(code),
    now: () => clock.now,
  });
  reader.start();
  const errors = () => events.flatMap((e) => (e.type === 'error' ? [e.error] : []));
  return { reader, events, closes, errors };
}

describe('the inbound budget, in process', () => {
  it('ends a session that sends large frames faster than the budget: rate_limit_exceeded, close 1008, and nothing after is read', () => {
    const clock = { now: 1_000_000 };
    const s = session(clock);
    const burst = Math.floor(INBOUND_BURST_BYTES / LARGE.length);
    for (let i = 0; i < burst; i += 1) s.reader.handleMessage(LARGE);
    expect(s.errors()).toEqual([]);
    expect(s.reader.closed).toBe(false);
    s.reader.handleMessage(LARGE);
    expect(s.errors()).toEqual([
      expect.objectContaining({
        code: 'rate_limit_exceeded',
        message: expect.stringMatching(/faster than 256 KiB a second .* Open a new session\./),
      }),
    ]);
    expect(s.closes).toEqual([CLOSE_POLICY]);
    expect(s.reader.closed).toBe(true);
    const after = s.events.length;
    s.reader.handleMessage(CREATE);
    expect(s.events.length).toBe(after);
  });

  it('ends a session that asks for responses faster than the budget, after answering the burst', () => {
    const clock = { now: 1_000_000 };
    const s = session(clock);
    s.reader.handleMessage(message('What should I focus on this year?'));
    for (let i = 0; i < RESPONSE_BURST; i += 1) s.reader.handleMessage(CREATE);
    expect(s.events.filter((e) => e.type === 'response.done')).toHaveLength(RESPONSE_BURST);
    expect(s.errors()).toEqual([]);
    s.reader.handleMessage(CREATE);
    expect(s.errors().map((e) => e?.code)).toEqual(['rate_limit_exceeded']);
    expect(s.closes).toEqual([CLOSE_POLICY]);
  });

  it('counts frames in UTF-8 bytes, as they travel: a burst of three-byte characters ends three times sooner', () => {
    const clock = { now: 1_000_000 };
    const s = session(clock);
    // 20,000 "€" are 20,000 UTF-16 units but 60,000 bytes on the wire.
    const euros = message('€'.repeat(20_000));
    const allowed = Math.floor(INBOUND_BURST_BYTES / (euros.length + 2 * 20_000));
    for (let i = 0; i < allowed; i += 1) s.reader.handleMessage(euros);
    expect(s.reader.closed).toBe(false);
    s.reader.handleMessage(euros);
    expect(s.errors().map((e) => e?.code)).toEqual(['rate_limit_exceeded']);
    expect(allowed).toBeLessThan(Math.floor(INBOUND_BURST_BYTES / euros.length) / 2);
  });

  it('survives hibernation: a session carried on from its snapshot has only what the first spent', () => {
    const clock = { now: 1_000_000 };
    const first = session(clock);
    first.reader.handleMessage(message('What should I focus on this year?'));
    for (let i = 0; i < RESPONSE_BURST - 1; i += 1) first.reader.handleMessage(CREATE);
    // The Durable Object hibernates a moment and wakes on the next frame with the snapshot.
    clock.now += 100;
    const events: Event[] = [];
    const closes: number[] = [];
    const woken = new ReaderSession({
      send: (event) => events.push(event as Event),
      close: (code) => closes.push(code),
      now: () => clock.now,
      restore: first.reader.snapshot(),
    });
    woken.handleMessage(CREATE);
    woken.handleMessage(CREATE);
    expect(events.flatMap((e) => (e.type === 'error' ? [e.error?.code] : []))).toEqual([
      'rate_limit_exceeded',
    ]);
    expect(closes).toEqual([CLOSE_POLICY]);
  });

  it('refills with time: large frames and responses at the budget rate go on for a long session', () => {
    const clock = { now: 1_000_000 };
    const s = session(clock);
    // two minutes at the steady rates, after spending the burst
    const framesPerSecond = Math.floor(INBOUND_BYTES_PER_SECOND / LARGE.length);
    for (let i = 0; i < Math.floor(INBOUND_BURST_BYTES / LARGE.length); i += 1)
      s.reader.handleMessage(LARGE);
    for (let second = 0; second < 120; second += 1) {
      clock.now += 1_000;
      for (let i = 0; i < framesPerSecond; i += 1) s.reader.handleMessage(LARGE);
      for (let i = 0; i < RESPONSES_PER_SECOND; i += 1) s.reader.handleMessage(CREATE);
    }
    expect(s.errors().map((e) => e?.code)).not.toContain('rate_limit_exceeded');
    expect(s.reader.closed).toBe(false);
    expect(s.events.filter((e) => e.type === 'response.done')).toHaveLength(
      120 * RESPONSES_PER_SECOND,
    );
  });
});

describe('the inbound budget over the Node host', () => {
  let server: ReaderServer;
  beforeAll(async () => {
    server = await startReaderServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function open(): Promise<{
    ws: WebSocket;
    events: Event[];
    closed: Promise<number>;
  }> {
    const token = await server.mintToken(crypto.randomUUID());
    const ws = new WebSocket(server.url, { headers: { Authorization: `Bearer ${token}` } });
    const events: Event[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as Event));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return { ws, events, closed };
  }

  it('a flooding socket is closed with 1008 and told why; a reading beside it is answered', async () => {
    const calm = await open();
    const flood = await open();
    const pump = (error?: Error) => {
      if (error || flood.ws.readyState !== WebSocket.OPEN) return;
      flood.ws.send(LARGE);
      flood.ws.send(CREATE, pump);
    };
    pump();
    expect(await flood.closed).toBe(CLOSE_POLICY);
    expect(flood.events.filter((e) => e.type === 'error').map((e) => e.error?.code)).toEqual([
      'rate_limit_exceeded',
    ]);
    calm.ws.send(message('What should I focus on in my career this year?'));
    calm.ws.send(CREATE);
    await vi.waitFor(() => expect(calm.events.some((e) => e.type === 'response.done')).toBe(true));
    expect(calm.events.filter((e) => e.type === 'error')).toEqual([]);
    calm.ws.close();
  });
});
