/**
 * The Durable Object that holds a reader socket, driven in Node with a stand-in for workerd's
 * object state: a token that has opened its socket opens no second one, and an object woken from
 * hibernation (a fresh instance over the same storage) carries the session on from its snapshot,
 * and its alarm ends an idle session with a close code.
 */
import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../../../contracts/api-schema.ts';
import { ReaderSession } from '../../../../reader/protocol/engine.ts';
import { CLOSE_IDLE } from '../../../../reader/protocol/limits.ts';
import {
  ReaderSessionObject,
  SESSION_META_HEADER,
  type SessionMeta,
} from '../../../../edge/reader/session-object.ts';

class FakeSocket {
  sent: { type: string; error?: { code: string } }[] = [];
  closedWith: number | undefined;
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code: number): void {
    this.closedWith ??= code;
  }
}

function fakeState(socket: FakeSocket) {
  const store = new Map<string, unknown>();
  let alarm: number | undefined;
  return {
    store,
    alarm: () => alarm,
    state: {
      storage: {
        get: async <T>(key: string) => structuredClone(store.get(key)) as T | undefined,
        put: async (key: string, value: unknown) => void store.set(key, structuredClone(value)),
        delete: async (key: string) => store.delete(key),
        deleteAll: async () => store.clear(),
        setAlarm: async (time: number) => void (alarm = time),
      },
      acceptWebSocket: () => {},
      getWebSockets: () => [socket as unknown as WebSocket],
    },
  };
}

const META: SessionMeta = {
  sessionId: 'b2f4c1de-0a9b-4c7d-8e6f-5a4b3c2d1e0f',
  tokenId: 'tok_abcdefghijklmnop',
  expiresAt: Math.floor(Date.now() / 1000) + 60,
  userAgent: 'test',
  idleMs: 60_000,
};

const say = (text: string) =>
  JSON.stringify({
    type: 'conversation.item.create',
    item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
  });

describe('ReaderSessionObject', () => {
  it('refuses a second opening of the same token with 401, in the common error shape', async () => {
    const socket = new FakeSocket();
    const { state, store } = fakeState(socket);
    store.set('meta', META);
    const object = new ReaderSessionObject(state, {});
    const response = await object.fetch(
      new Request('https://reader-session.internal/connect', {
        headers: { [SESSION_META_HEADER]: JSON.stringify(META) },
      }),
    );
    expect(response.status).toBe(401);
    expect(ApiErrorBody.parse(await response.json()).error.message).toMatch(/already opened/);
  });

  it('carries the session on after hibernation, from the snapshot in storage', async () => {
    const socket = new FakeSocket();
    const { state, store, alarm } = fakeState(socket);
    // The session so far: a question asked before the object was evicted.
    const before = new ReaderSession({ send: () => {}, sessionId: META.sessionId });
    before.start();
    before.handleMessage(say('What should I focus on in my career this year?'));
    before.handleMessage(JSON.stringify({ type: 'response.create' }));
    store.set('meta', META);
    store.set('snapshot', before.snapshot());

    const woken = new ReaderSessionObject(state, {});
    await woken.webSocketMessage(socket as unknown as WebSocket, say('I feel stuck at work.'));
    await woken.webSocketMessage(
      socket as unknown as WebSocket,
      JSON.stringify({ type: 'response.create' }),
    );
    // The woken session remembered the question: the answer completes the intent, it does not
    // start a reading over.
    const said = JSON.stringify(socket.sent.filter((event) => event.type.endsWith('.done')));
    expect(said).toContain('Your question: What should I focus on in my career this year?');
    expect(said).not.toContain('Thank you for bringing that to the cards');
    expect(socket.sent.filter((event) => event.type === 'error')).toEqual([]);
    expect(alarm()).toBeGreaterThan(Date.now());
  });

  it('ends an idle session at its alarm with idle_timeout and 4408', async () => {
    const socket = new FakeSocket();
    const { state, store } = fakeState(socket);
    const long = new ReaderSession({
      send: () => {},
      now: () => Date.now() - 120_000,
      idleMs: 60_000,
    });
    long.start();
    store.set('meta', META);
    store.set('snapshot', long.snapshot());
    await new ReaderSessionObject(state, {}).alarm();
    expect(socket.closedWith).toBe(CLOSE_IDLE);
    expect(socket.sent.map((event) => event.error?.code)).toEqual(['idle_timeout']);
    expect(store.has('snapshot')).toBe(false);
    // The record that the token was used stays until the token expires.
    expect(store.has('meta')).toBe(true);
  });
});
