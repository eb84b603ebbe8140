/**
 * A reading whose open never finishes (a token route that never answers, a socket the server
 * accepts but never upgrades) gives up at its time limit: the visitor reads why and gets Retry,
 * not "Connecting…" for good; a late answer changes nothing, and Retry connects. The silent
 * servers are real (Node's HTTP and TCP), as are the page's fetch and the SDK's WebSocket.
 */
import { type Server, type Socket, createServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAIRealtimeWebSocket } from '@openai/agents-realtime';
import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingToken } from '../../../../../web-components/tarot/session/token.ts';
import { requestReadingToken } from '../../../../../web-components/tarot/session/token.ts';
import { tarotSessionEn } from '../../../../../web-components/tarot/i18n/session-en.ts';
import { memoryStorage, voiceReading } from '../../../helpers/scripted-reading.ts';

/** Short, so each test waits it out once; long enough for a retry's scripted open when busy. */
const CONNECT_MS = 2_000;

const LOCAL: ReadingToken = {
  engine: 'local',
  token: 'ek_local_test',
  expiresAt: Math.floor(Date.now() / 1000) + 600,
  model: 'gpt-realtime',
  url: 'ws://127.0.0.1:1/api/reader/realtime',
};

const servers: { close(): unknown }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A TCP server that takes every connection and never says a word; it records the sockets. */
async function silentServer(): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  servers.push({ close: () => sockets.forEach((socket) => socket.destroy()) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

// A retry's open imports the SDK and the agents like the first; load them once, before the clock.
beforeAll(async () => {
  await Promise.all([
    import('@openai/agents-realtime'),
    import('../../../../../web-components/tarot/agents/index.ts'),
  ]);
});

function reading(options: Parameters<typeof voiceReading>[1]) {
  const assertive: string[] = [];
  const r = voiceReading(memoryStorage(), {
    mode: 'text',
    persistKey: undefined,
    timeouts: { connectMs: CONNECT_MS },
    ...options,
  });
  r.controller.announcer.$assertive.listen((said) => void (said && assertive.push(said.message)));
  return { ...r, assertive };
}

describe('a reading whose open never finishes gives up at its time limit', () => {
  it('a token route that never answers: the reading says the reader did not answer in time, and Retry connects', async () => {
    const held: unknown[] = [];
    const http = createHttpServer((request) => void held.push(request)); // never answers
    servers.push({ close: () => http.closeAllConnections() }, http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const apiBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    let tries = 0;
    const r = reading({
      connect: (request) =>
        ++tries === 1 ? requestReadingToken({ ...request, apiBase }) : Promise.resolve(LOCAL),
      createTransport: () => new ScriptedRealtimeTransport(),
    });

    expect(await r.controller.start()).toBe(false);
    expect(held).toHaveLength(1);
    expect(r.store.$connection.get()).toBe('error');
    expect(r.store.$error.get()).toEqual({
      kind: 'connection',
      message: tarotSessionEn.connectTimedOut,
    });
    expect(r.assertive).toContain(tarotSessionEn.connectTimedOut);

    expect(await r.controller.start()).toBe(true);
    expect(r.store.$connection.get()).toBe('connected');
    expect(r.store.$error.get()).toBeNull();
  });

  it('a socket the server never upgrades: the same words, the socket let go, and Retry connects', async () => {
    const silent = await silentServer();
    servers.push(silent.server);
    const sockets: OpenAIRealtimeWebSocket[] = [];
    const r = reading({
      connect: async () => ({ ...LOCAL, url: `ws://127.0.0.1:${silent.port}/realtime` }),
      // the first open is the SDK's own WebSocket, to the server that never upgrades it
      createTransport: (_connection, sdk) => {
        if (sockets.length > 0) return new ScriptedRealtimeTransport();
        const socket = new sdk.OpenAIRealtimeWebSocket();
        sockets.push(socket);
        return socket;
      },
    });

    expect(await r.controller.start()).toBe(false);
    expect(silent.sockets).toHaveLength(1); // it did reach the server
    expect(r.store.$connection.get()).toBe('error');
    expect(r.store.$error.get()?.message).toBe(tarotSessionEn.connectTimedOut);
    expect(sockets[0]?.status).toBe('disconnected'); // the page closed the socket it gave up on

    expect(await r.controller.start()).toBe(true);
    expect(r.store.$connection.get()).toBe('connected');
  });

  it('a token that arrives after the limit opens nothing, and the reading stays as it said', async () => {
    let answer: (connection: ReadingToken) => void = () => undefined;
    const transports: ScriptedRealtimeTransport[] = [];
    const r = reading({
      connect: () => new Promise<ReadingToken>((resolve) => (answer = resolve)),
      createTransport: () => {
        const transport = new ScriptedRealtimeTransport();
        transports.push(transport);
        return transport;
      },
    });

    expect(await r.controller.start()).toBe(false);
    answer(LOCAL);
    // The late open runs its course in microtasks (the SDK and the agents are loaded, and a
    // scripted transport connects at once): without the limit's drop it would be connected by
    // the next turn of the event loop. Nothing of it may land.
    await new Promise((resolve) => setImmediate(resolve));
    expect(transports).toHaveLength(0);
    expect(r.store.$connection.get()).toBe('error');
    expect(r.store.$error.get()?.message).toBe(tarotSessionEn.connectTimedOut);
  });
});
