/**
 * The local reader's wire protocol over a real WebSocket (the `ws` package against the Node host):
 * bad frames get `error` events and the connection keeps working, the handshake refuses bad and
 * expired tokens with 401 and selects `realtime` only when offered, and sessions are isolated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RealtimeErrorEvent } from '../../../../contracts/realtime.ts';
import { startReaderServer, type ReaderServer } from '../../../support/reader-node-host.ts';
import { mintReaderToken } from '../../../../edge/reader/token.ts';
import { ReaderDriver } from '../../../support/reader-driver.ts';

const SECRET = 'protocol-test-secret';
let server: ReaderServer;

beforeAll(async () => {
  server = await startReaderServer({ secret: SECRET });
});

afterAll(async () => {
  await server.close();
});

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Connection {
  ws: WebSocket;
  driver: ReaderDriver;
}

/** Opens a socket the way Node's SDK does (Authorization header, no subprotocol). */
async function connect(token?: string): Promise<Connection> {
  const ws = new WebSocket(server.url, {
    headers: { Authorization: `Bearer ${token ?? (await server.mintToken(crypto.randomUUID()))}` },
  });
  const driver = new ReaderDriver({ transmit: (raw) => ws.send(raw) });
  ws.on('message', (data) => driver.receive(String(data)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await until(
    () => driver.events.some((event) => event.type === 'session.created'),
    'session.created',
  );
  return { ws, driver };
}

/** Why a handshake failed: the HTTP status the server answered with. */
function refusedStatus(options: {
  protocols?: string[];
  headers?: Record<string, string>;
}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(server.url, options.protocols ?? [], {
      headers: options.headers ?? {},
    });
    ws.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the handshake was accepted'));
    });
    ws.once('error', () => undefined);
  });
}

/** One normal text turn: a user message gets a whole response. */
async function completesATextTurn(driver: ReaderDriver): Promise<void> {
  const done = driver.responsesDone;
  driver.say('What should I focus on in my career this year?');
  await until(() => driver.responsesDone > done, 'response.done');
  expect(driver.said().at(-1)).toMatch(/\?$/);
}

describe('bad client events', () => {
  it.each([
    ['malformed JSON', '{"type": "session.update", ', 'invalid_json', null],
    [
      'an unknown event type',
      { type: 'session.destroy', event_id: 'evt_unknown' },
      'unknown_event',
      'evt_unknown',
    ],
    [
      'a valid-JSON event failing the schema',
      {
        type: 'conversation.item.create',
        event_id: 'evt_schema',
        item: { type: 'message', role: 'user', content: 'hi' },
      },
      'invalid_event',
      'evt_schema',
    ],
    [
      'a function_call_output for an unknown call_id',
      {
        type: 'conversation.item.create',
        event_id: 'evt_call',
        item: { type: 'function_call_output', call_id: 'call_nobody', output: '{}' },
      },
      'invalid_call_id',
      'evt_call',
    ],
  ])(
    '%s gets an error event and the same connection still completes a text turn',
    async (_what, frame, code, eventId) => {
      const { ws, driver } = await connect();
      try {
        driver.open();
        driver.send(frame);
        await until(() => driver.errors().length > 0, 'the error event');
        const error = RealtimeErrorEvent.parse(driver.errors()[0]);
        expect(error.error).toMatchObject({
          type: 'invalid_request_error',
          code,
          event_id: eventId,
        });
        expect(ws.readyState).toBe(WebSocket.OPEN);
        await completesATextTurn(driver);
        expect(driver.errors()).toHaveLength(1);
      } finally {
        ws.close();
      }
    },
  );
});

describe('the handshake', () => {
  it('refuses a token signed with another secret, garbage and no token with 401', async () => {
    const foreign = await mintReaderToken({
      secret: 'someone-else',
      sessionId: crypto.randomUUID(),
    });
    expect(await refusedStatus({ headers: { Authorization: `Bearer ${foreign.token}` } })).toBe(
      401,
    );
    expect(await refusedStatus({ headers: { Authorization: 'Bearer ek_local_garbage.sig' } })).toBe(
      401,
    );
    expect(await refusedStatus({ protocols: ['realtime'] })).toBe(401);
  });

  it('refuses an expired token with 401, from the header and from the subprotocol', async () => {
    const expired = await mintReaderToken({
      secret: SECRET,
      sessionId: crypto.randomUUID(),
      ttlSeconds: 60,
      nowMs: Date.now() - 120_000,
    });
    expect(await refusedStatus({ headers: { Authorization: `Bearer ${expired.token}` } })).toBe(
      401,
    );
    expect(
      await refusedStatus({ protocols: ['realtime', `openai-insecure-api-key.${expired.token}`] }),
    ).toBe(401);
  });

  it('selects realtime when a browser offers it, and no subprotocol for Node’s SDK', async () => {
    const token = await server.mintToken(crypto.randomUUID());
    const browser = new WebSocket(server.url, [
      'realtime',
      `openai-insecure-api-key.${token}`,
      'openai-agents-sdk.0.20.0',
    ]);
    await new Promise((resolve) => browser.once('open', resolve));
    expect(browser.protocol).toBe('realtime');
    browser.close();

    // A token opens one socket, so Node's SDK gets a token of its own.
    const node = await connect(await server.mintToken(crypto.randomUUID()));
    expect(node.ws.protocol).toBe('');
    node.ws.close();
  });
});

describe('sessions', () => {
  it('keeps two sessions apart: different agents and phases, no cross-talk', async () => {
    const a = await connect();
    const b = await connect();
    try {
      a.driver.open();
      b.driver.open();
      a.driver.say('What should I focus on in my career this year?');
      await until(() => a.driver.said().length === 1, 'A’s clarifying question');
      a.driver.say('I feel stuck at work.');
      await until(() => a.driver.callsTo('draw_card').length > 0, 'A’s first draw');

      // B has heard nothing of A: the same words start B's own reading from the beginning.
      b.driver.say('Hello');
      await until(() => b.driver.said().length === 1, 'B’s greeting');
      expect(b.driver.said()[0]).toContain('What question');
      expect(b.driver.calls).toEqual([]);
      b.driver.say('Will my sister forgive me?');
      await until(() => b.driver.said().length === 2, 'B’s clarifying question');
      expect(b.driver.said()[1]).toMatch(/family/);
      expect(b.driver.agent).toBe('IntentAssessment');

      // A carries on in its own phase, untouched by B.
      await until(() => a.driver.agent === 'Followup', 'A’s reading to finish');
      expect(a.driver.said().join(' ')).not.toContain('sister');
      expect(b.driver.said().join(' ')).not.toContain('career');
      expect(a.driver.errors()).toEqual([]);
      expect(b.driver.errors()).toEqual([]);
    } finally {
      a.ws.close();
      b.ws.close();
    }
  });

  it('keeps the active agent through a tracing-only session.update', async () => {
    const { ws, driver } = await connect();
    try {
      driver.open('SpreadGeneration');
      driver.send({ type: 'session.update', session: { type: 'realtime', tracing: 'auto' } });
      driver.say('Will I move house this year?');
      await until(() => driver.calls.length > 0, 'the first call');
      expect(driver.calls[0]?.name).toBe('draw_card');
    } finally {
      ws.close();
    }
  });
});
