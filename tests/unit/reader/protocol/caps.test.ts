/**
 * The caps on a reader socket (reader/protocol/limits.ts): each is answered with an error event that
 * names it and, where the session cannot go on, a close code; the session stays usable after every
 * refusal it survives. Over the Node host (same engine and rules as the Durable Object), and in
 * process for the frame at the cap.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAX_ITEMS } from '../../../../reader/protocol/conversation.ts';
import { ReaderSession } from '../../../../reader/protocol/engine.ts';
import {
  CLOSE_EXPIRED,
  CLOSE_IDLE,
  CLOSE_TOO_LARGE,
  MAX_FRAME_BYTES,
  MAX_SESSION_UPDATE_BYTES,
} from '../../../../reader/protocol/limits.ts';
import { inProcess } from '../../../support/reader-driver.ts';
import { startReaderServer, type ReaderServer } from '../../../support/reader-node-host.ts';

interface Opened {
  ws: WebSocket;
  events: { type: string; error?: { code?: string; message?: string }; [key: string]: unknown }[];
  closed: Promise<{ code: number; reason: string }>;
}

async function open(server: ReaderServer, token?: string): Promise<Opened> {
  const ws = new WebSocket(server.url, {
    headers: { Authorization: `Bearer ${token ?? (await server.mintToken(crypto.randomUUID()))}` },
  });
  const events: Opened['events'] = [];
  ws.on('message', (data) => events.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await vi.waitFor(() => expect(events.some((e) => e.type === 'session.created')).toBe(true));
  return { ws, events, closed };
}

const userMessage = (text: string, id?: string) =>
  JSON.stringify({
    type: 'conversation.item.create',
    item: {
      ...(id ? { id } : {}),
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text }],
    },
  });

/** A user message whose whole frame is exactly `bytes` long: "hi", then `!`s, then "x". */
function frameOfSize(bytes: number): string {
  const shell = userMessage('hi' + 'x');
  return userMessage('hi' + '!'.repeat(bytes - shell.length) + 'x');
}

const errorCodes = (opened: Opened) =>
  opened.events.flatMap((e) => (e.type === 'error' ? [e.error?.code] : []));

describe('reader socket caps over the Node host', () => {
  let server: ReaderServer;
  beforeAll(async () => {
    server = await startReaderServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('one reader token opens one socket: the second is refused with 401', async () => {
    const token = await server.mintToken(crypto.randomUUID());
    const first = await open(server, token);
    await expect(open(server, token)).rejects.toThrow(/401/);
    // The first socket is untouched by the refusal.
    first.ws.send(userMessage('Hello'));
    await vi.waitFor(() =>
      expect(first.events.some((e) => e.type === 'conversation.item.added')).toBe(true),
    );
    first.ws.close();
  });

  it('ends a session whose frame passes the cap: frame_too_large, then close 1009', async () => {
    const opened = await open(server);
    opened.ws.send(frameOfSize(MAX_FRAME_BYTES + 1));
    const closed = await opened.closed;
    expect(closed.code).toBe(CLOSE_TOO_LARGE);
    expect(errorCodes(opened)).toEqual(['frame_too_large']);
  });

  it('refuses a session.update over its cap, echoes nothing of it, and carries on', async () => {
    const opened = await open(server);
    const junk: Record<string, string> = {};
    for (let i = 0; JSON.stringify(junk).length < MAX_SESSION_UPDATE_BYTES; i += 1) {
      junk[`made_up_${i}`] = 'x'.repeat(100);
    }
    opened.ws.send(
      JSON.stringify({ type: 'session.update', session: { type: 'realtime', ...junk } }),
    );
    await vi.waitFor(() => expect(errorCodes(opened)).toEqual(['session_update_too_large']));
    // A small update with a made-up key is kept to the known fields: the key is not echoed.
    opened.ws.send(
      JSON.stringify({
        type: 'session.update',
        session: { type: 'realtime', made_up: 'y'.repeat(500) },
      }),
    );
    await vi.waitFor(() =>
      expect(opened.events.some((e) => e.type === 'session.updated')).toBe(true),
    );
    const updated = opened.events.find((e) => e.type === 'session.updated');
    expect(JSON.stringify(updated?.session)).not.toContain('made_up');
    expect(updated?.ignored_fields).toEqual(['made_up']);
    opened.ws.close();
  });

  it('keeps an item at the frame cap and still answers after it', async () => {
    const opened = await open(server);
    opened.ws.send(frameOfSize(MAX_FRAME_BYTES));
    opened.ws.send(JSON.stringify({ type: 'response.create' }));
    await vi.waitFor(() =>
      expect(opened.events.some((e) => e.type === 'response.done')).toBe(true),
    );
    expect(errorCodes(opened)).toEqual([]);
    opened.ws.close();
  });
});

describe('reader session deadlines', () => {
  it('closes an idle session with idle_timeout and 4408', async () => {
    const server = await startReaderServer({ idleMs: 150 });
    try {
      const opened = await open(server);
      const closed = await opened.closed;
      expect(closed.code).toBe(CLOSE_IDLE);
      expect(errorCodes(opened)).toEqual(['idle_timeout']);
    } finally {
      await server.close();
    }
  });

  it('advertises its expiry in session.created and ends there with session_expired and 4410, busy or not', async () => {
    const server = await startReaderServer({ sessionMs: 400, idleMs: 60_000 });
    try {
      const before = Date.now();
      const opened = await open(server);
      const created = opened.events.find((e) => e.type === 'session.created');
      const expiresAt = (created?.session as { expires_at: number }).expires_at;
      expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000));
      expect(expiresAt).toBeLessThanOrEqual(Math.ceil((Date.now() + 400) / 1000));
      // Keep it busy: activity does not extend the advertised expiry.
      const busy = setInterval(
        () =>
          opened.ws.readyState === WebSocket.OPEN && opened.ws.send('{"type":"response.cancel"}'),
        50,
      );
      const closed = await opened.closed;
      clearInterval(busy);
      expect(closed.code).toBe(CLOSE_EXPIRED);
      expect(errorCodes(opened)).toContain('session_expired');
    } finally {
      await server.close();
    }
  });
});

describe('the conversation caps', () => {
  it('deletes the oldest items past the item cap, announcing each with conversation.item.deleted', () => {
    const { driver } = inProcess();
    for (let i = 0; i <= MAX_ITEMS; i += 1) driver.send(userMessage(`note ${i}`, `item_${i}`));
    const deleted = driver.events.filter((e) => e.type === 'conversation.item.deleted');
    expect(deleted.map((e) => (e as { item_id?: string }).item_id)).toEqual(['item_0']);
    expect(driver.errors()).toEqual([]);
  });
});

describe('a message at the frame cap', () => {
  it('is answered in linear time: "hi", a run of "!" up to the cap, and "x"', () => {
    const events: { type: string }[] = [];
    const session = new ReaderSession({ send: (event) => events.push(event as { type: string }) });
    session.start();
    const frame = frameOfSize(MAX_FRAME_BYTES);
    expect(new TextEncoder().encode(frame).length).toBe(MAX_FRAME_BYTES);
    const start = performance.now();
    session.handleMessage(frame);
    session.handleMessage(JSON.stringify({ type: 'response.create' }));
    const ms = performance.now() - start;
    expect(events.some((e) => e.type === 'response.done')).toBe(true);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    // Quadratic backtracking took over 20 s on this input; linear patterns take milliseconds.
    expect(ms).toBeLessThan(1000);
  });
});
