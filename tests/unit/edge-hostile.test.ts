/**
 * The hostile-input suite (issue 12, item 8): every case of tests/unit/hostile/cases.ts against
 * the real app (`app.request`, as deployed: no LOCAL_DEVELOPMENT) and the reader engine. Each case
 * must get its stated outcome, never a 5xx it did not ask for, and no response may carry a secret.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiErrorBody } from '../../contracts/api.ts';
import { app } from '../../edge/app.ts';
import type { Bindings } from '../../edge/env.ts';
import { ReaderSession } from '../../edge/reader/engine.ts';
import { DEV_READER_TOKEN_SECRET, mintReaderToken } from '../../edge/reader/token.ts';
import {
  EVENTS_CASES,
  READER_FRAME_CASES,
  SECRETS,
  UUID,
  VOICE_TOKEN_CASES,
  deployment,
  type HttpCase,
} from './hostile/cases.ts';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const SECRET_VALUES = [...Object.values(SECRETS), DEV_READER_TOKEN_SECRET];

async function run(path: string, entry: HttpCase): Promise<Response> {
  const method = entry.method ?? (path.endsWith('/realtime') ? 'GET' : 'POST');
  const headers: Record<string, string> = { 'content-type': 'application/json', ...entry.headers };
  if (headers['content-type'] === '') delete headers['content-type'];
  const init: RequestInit = { method, headers };
  if (entry.body !== undefined && method !== 'GET') {
    init.body = typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body);
  }
  return app.request(`http://edge.test${path}`, init, entry.env ?? deployment());
}

async function expectOutcome(path: string, entry: HttpCase): Promise<void> {
  const response = await run(path, entry);
  expect(response.status, entry.name).toBe(entry.status);
  const text = await response.text();
  for (const secret of SECRET_VALUES) expect(text, entry.name).not.toContain(secret);
  if (entry.code)
    expect(ApiErrorBody.parse(JSON.parse(text)).error.code, entry.name).toBe(entry.code);
  if (response.status >= 400 && response.status !== 413) {
    // Every refusal is the one error shape, short.
    expect(ApiErrorBody.safeParse(JSON.parse(text)).success, entry.name).toBe(true);
    expect(text.length, entry.name).toBeLessThan(2500);
  }
}

describe(`POST /api/voice/token: ${VOICE_TOKEN_CASES.length} hostile inputs`, () => {
  for (const entry of VOICE_TOKEN_CASES) {
    it(`${entry.name} → ${entry.status}`, () => expectOutcome('/api/voice/token', entry));
  }
});

describe(`POST /api/events: ${EVENTS_CASES.length} hostile inputs`, () => {
  for (const entry of EVENTS_CASES) {
    it(`${entry.name} → ${entry.status}`, () => expectOutcome('/api/events', entry));
  }
});

/** Upgrade requests to the reader's socket: the token and headers vary; none may get through. */
async function readerCases(): Promise<HttpCase[]> {
  const secret = SECRETS.READER_TOKEN_SECRET;
  const good = (await mintReaderToken({ secret, sessionId: UUID })).token;
  const dev = (await mintReaderToken({ secret: DEV_READER_TOKEN_SECRET, sessionId: UUID })).token;
  const expired = (
    await mintReaderToken({ secret, sessionId: UUID, nowMs: Date.now() - 3_600_000 })
  ).token;
  const [signed = '', signature = ''] = good.split('.');
  const upgrade = { upgrade: 'websocket' };
  const bearer = (token: string) => ({ ...upgrade, authorization: `Bearer ${token}` });
  const protocol = (value: string) => ({ ...upgrade, 'sec-websocket-protocol': value });
  const refused = (name: string, headers: Record<string, string>): HttpCase => ({
    name,
    headers,
    status: 401,
    code: 'unauthorized',
  });
  return [
    { name: 'a plain GET', status: 426, code: 'bad_request' },
    { name: 'Upgrade: h2c', headers: { upgrade: 'h2c' }, status: 426 },
    refused('no token', upgrade),
    refused('an empty bearer', { ...upgrade, authorization: 'Bearer ' }),
    refused('a bearer that is not ours', bearer('sk-live-123')),
    refused('the bare prefix', bearer('ek_local_')),
    refused('a prefix and a dot', bearer('ek_local_.')),
    refused('junk after the prefix', bearer('ek_local_x.y')),
    refused('a token signed with the development secret', bearer(dev)),
    refused('an expired token', bearer(expired)),
    refused('a token with its signature cut', bearer(signed)),
    refused('a token with another signature', bearer(`${signed}.${'A'.repeat(signature.length)}`)),
    refused('a token with a flipped payload byte', bearer(`${signed.slice(0, -2)}AA.${signature}`)),
    refused('a token with padding added', bearer(`${good}==`)),
    refused('a token of 1,001 characters', bearer(`ek_local_${'a'.repeat(992)}`)),
    refused('a token in the query string only', upgrade),
    refused('Basic instead of Bearer', { ...upgrade, authorization: `Basic ${good}` }),
    refused('two bearers', { ...upgrade, authorization: `Bearer ${good} Bearer ${good}` }),
    refused('a subprotocol key that is junk', protocol('realtime, openai-insecure-api-key.junk')),
    refused('a subprotocol with an empty key', protocol('realtime, openai-insecure-api-key.')),
    refused(
      'a subprotocol key with the dev-secret token',
      protocol(`realtime, openai-insecure-api-key.${dev}`),
    ),
    refused('only the realtime subprotocol', protocol('realtime')),
    refused('a subprotocol list of commas', protocol(',,,,')),
    refused('a 4,000-character subprotocol list', protocol('x,'.repeat(2000))),
    refused(
      'a key split across entries',
      protocol(`openai-insecure-api-key.${signed}, .${signature}`),
    ),
    refused('a token with a NUL', bearer(`${good}\u0000`.replace('\u0000', '%00'))),
    refused('a lower-case token', bearer(good.toLowerCase())),
    refused('an upper-case token', bearer(good.toUpperCase())),
    refused('a JWT instead of a reader token', bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.')),
    { name: 'POST', method: 'POST', headers: bearer(good), status: 404 },
    { name: 'DELETE', method: 'DELETE', status: 404 },
    {
      name: 'Origin: null',
      headers: { ...bearer(good), origin: 'null' },
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'a foreign origin',
      headers: { ...bearer(good), origin: 'https://evil.example' },
      status: 403,
    },
    {
      name: 'OpenAI configured: not mounted',
      env: deployment({ OPENAI_API_KEY: SECRETS.OPENAI_API_KEY }),
      headers: bearer(good),
      status: 404,
      code: 'not_found',
    },
    {
      name: 'a deployment without a reader secret',
      env: deployment({ READER_TOKEN_SECRET: undefined }),
      headers: bearer(dev),
      status: 503,
      code: 'not_configured',
    },
    {
      name: 'a deployment without its limiter',
      env: { READER_TOKEN_SECRET: secret },
      headers: bearer(good),
      status: 503,
    },
    {
      name: 'a limiter that says no',
      env: deployment({ TOKEN_RATE_LIMITER: { limit: async () => ({ success: false }) } }),
      headers: bearer(good),
      status: 429,
    },
    {
      name: 'a good token but no session store bound',
      headers: bearer(good),
      status: 503,
      code: 'not_configured',
    },
    {
      name: 'a good token with a store: handed to the object',
      env: deployment({
        READER_SESSIONS: {
          idFromName: (n: string) => n,
          get: () => ({ fetch: async () => new Response('held', { status: 200 }) }),
        },
      }),
      headers: bearer(good),
      status: 200,
    },
    {
      name: 'a good token in the subprotocol with a store',
      env: deployment({
        READER_SESSIONS: {
          idFromName: (n: string) => n,
          get: () => ({ fetch: async () => new Response('held', { status: 200 }) }),
        },
      }),
      headers: protocol(`realtime, openai-insecure-api-key.${good}`),
      status: 200,
    },
  ];
}

describe('GET /api/reader/realtime: hostile upgrades', () => {
  it('answers at least 40 hostile upgrade requests each as stated', async () => {
    const cases = await readerCases();
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const entry of cases) await expectOutcome('/api/reader/realtime', entry);
  });
});

describe(`the reader socket: ${READER_FRAME_CASES.length} hostile frames`, () => {
  it('answers each frame as stated, in order, and still reads a question afterwards', () => {
    expect(READER_FRAME_CASES.length).toBeGreaterThanOrEqual(30);
    const sent: { type: string; error?: { code: string; type: string } }[] = [];
    const session = new ReaderSession({
      send: (event) => sent.push(event as (typeof sent)[number]),
    });
    session.start();
    for (const entry of READER_FRAME_CASES) {
      const before = sent.length;
      session.handleMessage(entry.frame);
      const errors = sent.slice(before).flatMap((event) => (event.error ? [event.error] : []));
      expect(
        errors.map((error) => error.code),
        entry.name,
      ).toEqual(entry.error ? [entry.error] : []);
      expect(
        errors.some((error) => error.type === 'server_error'),
        entry.name,
      ).toBe(false);
      expect(session.closed, entry.name).toBe(false);
    }
    // Nothing was lost: the session still reads a question and answers it.
    const before = sent.length;
    session.handleMessage(
      JSON.stringify({
        type: 'conversation.item.create',
        item: {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'What about my career?' }],
        },
      }),
    );
    session.handleMessage(JSON.stringify({ type: 'response.create' }));
    expect(sent.slice(before).some((event) => event.type === 'response.done')).toBe(true);
    expect(JSON.stringify(sent)).not.toContain(DEV_READER_TOKEN_SECRET);
  });
});

export type { Bindings };
