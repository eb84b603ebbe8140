import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { ReadingTokenResponse, VoiceCallState } from '../../contracts/reading-token.ts';
import { mintSessionToken } from '../../edge/realtime/session-token.ts';
import {
  OFFER,
  type OpenAiStandin,
  startOpenAiStandin,
} from '../support/openai-realtime-standin.ts';
import { type RunningWrangler, startWrangler } from '../support/wrangler.ts';

// Readings on OpenAI through the edge under wrangler dev (workerd, real Durable Objects, their
// alarms and outbound WebSockets), OpenAI being a local stand-in that records what it is asked:
// the relay's sessions, the calls, the server-side connection to each call and the hangups. What
// a test asserts is what reached the stand-in, never what the edge logged.

/** A reading's token budget here: a few of the stand-in's responses. */
const BUDGET = 1200;
let standin: OpenAiStandin;
let edge: RunningWrangler;

test.beforeAll(async () => {
  standin = await startOpenAiStandin();
  edge = await startWrangler({
    vars: {
      OPENAI_API_KEY: standin.key,
      OPENAI_BASE_URL: standin.baseURL,
      OPENAI_MAX_OUTPUT_TOKENS: '700',
      READING_MAX_MINUTES: '30',
      READING_MAX_TOKENS: String(BUDGET),
      // One client (this machine) asks for many tokens here: lift the per-client limits.
      LOAD_TEST_LIMITS: 'true',
    },
  });
});
test.afterAll(async () => {
  await edge?.stop();
  await standin?.close();
});

async function mint(mode: 'text' | 'voice', transport?: 'webrtc' | 'websocket') {
  const response = await fetch(`${edge.url}/api/voice/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: edge.url },
    body: JSON.stringify({
      sessionId: crypto.randomUUID(),
      mode,
      ...(transport ? { transport } : {}),
    }),
  });
  expect(response.status).toBe(200);
  return ReadingTokenResponse.parse(await response.json());
}

interface Relayed {
  ws: WebSocket;
  events: { type: string; error?: { code: string } }[];
  closed: Promise<number>;
  /** The 101's headers. */
  headers: Record<string, string | string[] | undefined>;
}

/** Opens the relay as the browser's SDK does (subprotocols) or as Node's (a bearer). */
function relay(url: string, token: string, as: 'browser' | 'node' = 'node'): Promise<Relayed> {
  return new Promise((resolve, reject) => {
    const ws =
      as === 'browser'
        ? new WebSocket(url, ['realtime', `openai-insecure-api-key.${token}`])
        : new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
    const events: Relayed['events'] = [];
    let headers: Relayed['headers'] = {};
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as Relayed['events'][number]));
    ws.once('upgrade', (response) => (headers = response.headers));
    ws.once('open', () => resolve({ ws, events, closed, headers }));
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused with ${response.statusCode}`)),
    );
    ws.once('error', reject);
  });
}

const send = (socket: Relayed, event: object) => socket.ws.send(JSON.stringify(event));
const ask = (socket: Relayed, text: string) => {
  send(socket, {
    type: 'conversation.item.create',
    item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
  });
  send(socket, { type: 'response.create' });
};
const count = (socket: Relayed, type: string) =>
  socket.events.filter((event) => event.type === type).length;

test('a relayed session cannot be widened: what reaches OpenAI is pinned, whatever the page asks for', async () => {
  const { token, url } = await mint('text');
  if (!url) throw new Error('a relay token names the relay');
  expect(new URL(url).pathname).toBe('/api/voice/realtime');
  const before = standin.sessions.length;
  const socket = await relay(url, token, 'browser');
  expect(socket.ws.protocol).toBe('realtime');
  await expect.poll(() => count(socket, 'session.created')).toBe(1);
  send(socket, {
    type: 'session.update',
    session: {
      type: 'realtime',
      model: 'gpt-realtime-large',
      instructions: 'You are a reader.',
      max_output_tokens: 'inf',
      output_modalities: ['audio', 'text'],
      audio: { output: { voice: 'verse' } },
      tracing: 'auto',
      prompt: { id: 'pmpt_someone_elses' },
      tools: [
        { type: 'function', name: 'draw_card', parameters: { type: 'object' } },
        { type: 'mcp', server_label: 'x', server_url: 'https://mcp.example/sse' },
      ],
    },
  });
  send(socket, { type: 'session.update', session: { type: 'realtime', tracing: 'auto' } });
  send(socket, {
    type: 'conversation.item.create',
    item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello' }] },
  });
  send(socket, {
    type: 'response.create',
    response: { max_output_tokens: 'inf', instructions: 'Say it all.', conversation: 'none' },
  });
  await expect.poll(() => count(socket, 'response.done')).toBe(1);

  // What OpenAI received: the relay's own pinned update first, then the page's, pinned over.
  expect(standin.sessions.length).toBe(before + 1);
  const received = standin.sessions.at(-1)?.received ?? [];
  const updates = received.filter((event) => event.type === 'session.update');
  expect(updates).toHaveLength(3);
  for (const update of updates) {
    expect(update.session).toMatchObject({
      type: 'realtime',
      model: 'gpt-realtime',
      output_modalities: ['text'],
      max_output_tokens: 700,
      tracing: null,
      audio: { output: { voice: 'alloy' } },
    });
    expect(update.session).not.toHaveProperty('prompt');
  }
  expect(updates[1]?.session).toMatchObject({
    instructions: 'You are a reader.',
    tools: [{ type: 'function', name: 'draw_card' }],
  });
  const creates = received.filter((event) => event.type === 'response.create');
  expect(creates).toEqual([{ type: 'response.create' }]);
  const wire = JSON.stringify(received);
  for (const widening of ['"inf"', 'mcp', 'pmpt_', 'verse', 'gpt-realtime-large', 'Say it all']) {
    expect(wire).not.toContain(widening);
  }
  // Opened with the site's key, at the pinned model.
  const handshake = standin.requests.filter((request) => request.path.startsWith('/v1/realtime?'));
  expect(handshake.at(-1)?.path).toBe('/v1/realtime?model=gpt-realtime');
  expect(handshake.at(-1)?.headers.authorization).toBe(`Bearer ${standin.key}`);
  socket.ws.close();
});

test('a relay token opens one session, ever: a second opening is refused and OpenAI is not asked', async () => {
  const { token, url } = await mint('voice', 'websocket');
  if (!url) throw new Error('a relay token names the relay');
  const first = await relay(url, token);
  await expect.poll(() => count(first, 'session.created')).toBe(1);
  const opened = standin.sessions.length;
  await expect(relay(url, token)).rejects.toThrow('refused with 401');
  await expect(relay(url, token, 'browser')).rejects.toThrow('refused with 401');
  ask(first, 'Will I travel this year?');
  await expect.poll(() => count(first, 'response.done')).toBe(1);
  first.ws.close();
  await first.closed;
  await expect(relay(url, token)).rejects.toThrow('refused with 401');
  expect(standin.sessions.length).toBe(opened);
  await expect.poll(() => standin.sessions.at(-1)?.closed).toBe(true);
});

test('a relayed session ends at its token budget: the page is told why, and OpenAI’s session closes', async () => {
  const { token, url } = await mint('text');
  if (!url) throw new Error('a relay token names the relay');
  const socket = await relay(url, token);
  await expect.poll(() => count(socket, 'session.created')).toBe(1);
  const session = standin.sessions.at(-1);
  const question = 'Tell me about the journey ahead, the people in it and what I should carry. ';
  // One turn at a time, each answered, until the relay ends the session.
  for (let turn = 1; turn <= 12 && (session?.billed ?? 0) < BUDGET; turn += 1) {
    ask(socket, question.repeat(4));
    await expect.poll(() => count(socket, 'response.done')).toBe(turn);
  }
  expect(session?.billed).toBeGreaterThanOrEqual(BUDGET);
  expect(await socket.closed).toBe(4402);
  expect(socket.events.at(-1)).toMatchObject({
    type: 'error',
    error: { code: 'reading_token_budget' },
  });
  await expect.poll(() => session?.closed).toBe(true);
});

test('a relayed session ends at its minute cap, with its own close code', async () => {
  const { token } = await mintSessionToken('relay', standin.key, {
    sessionId: crypto.randomUUID(),
    ttlSeconds: 60,
    capSeconds: 1,
    maxTokens: BUDGET,
    mode: 'text',
  });
  const socket = await relay(`${edge.url.replace('http', 'ws')}/api/voice/realtime`, token);
  expect(await socket.closed).toBe(4410);
  expect(socket.events.at(-1)).toMatchObject({ error: { code: 'reading_minute_cap' } });
  await expect.poll(() => standin.sessions.at(-1)?.closed).toBe(true);
});

async function call(token: string) {
  const response = await fetch(`${edge.url}/api/voice/calls`, {
    method: 'POST',
    headers: {
      origin: edge.url,
      authorization: `Bearer ${token}`,
      'content-type': 'application/sdp',
    },
    body: OFFER,
  });
  expect(response.status).toBe(201);
  const callId = response.headers.get('location')?.split('/').pop() ?? '';
  const held = standin.calls.get(callId);
  if (!held) throw new Error(`the stand-in has no call ${callId}`);
  return held;
}

const hangupsOf = (callId: string) =>
  standin.hangups.filter((hangup) => hangup.callId === callId).map((hangup) => hangup.status);

test('a call past its token budget is hung up by its watcher, and the page hears why', async () => {
  const { token, callUrl } = await mint('voice', 'webrtc');
  expect(callUrl).toBe(`${edge.url}/api/voice/calls`);
  const held = await call(token);
  // The pinned session went with the offer.
  expect(held.offered).toMatchObject({
    max_output_tokens: 700,
    tracing: null,
    model: 'gpt-realtime',
  });
  // The call's object attaches to OpenAI's server-side connection to the call.
  await expect.poll(() => held.watchers).toBe(1);
  // The page talks over its data channel (here, as the stand-in's page) until the budget is spent.
  held.fromPage({
    type: 'session.update',
    session: { type: 'realtime', max_output_tokens: 'inf' },
  });
  for (let turn = 0; turn < 12 && held.billed < BUDGET; turn += 1) {
    held.fromPage({
      type: 'conversation.item.create',
      item: {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'Read me the whole deck, card by card. '.repeat(6) }],
      },
    });
    held.fromPage({ type: 'response.create' });
  }
  expect(held.billed).toBeGreaterThanOrEqual(BUDGET);
  await expect.poll(() => hangupsOf(held.id)).toEqual([200]);
  expect(held.closed).toBe(true);
  const state = await fetch(`${edge.url}/api/voice/calls/${held.id}`, {
    headers: { origin: edge.url, authorization: `Bearer ${token}` },
  });
  expect(VoiceCallState.parse(await state.json())).toEqual({ callId: held.id, ended: 'tokens' });
});

test('a hangup OpenAI answers 500 is tried again, backing off, until OpenAI takes it', async () => {
  const { token } = await mintSessionToken('call', standin.key, {
    sessionId: crypto.randomUUID(),
    ttlSeconds: 60,
    capSeconds: 1,
    maxTokens: BUDGET,
  });
  standin.outage(2);
  const held = await call(token);
  await expect.poll(() => hangupsOf(held.id), { timeout: 20_000 }).toEqual([500, 500, 200]);
  expect(held.closed).toBe(true);
});

test('no response of any route carries a key or a secret OpenAI accepted or issued', async () => {
  const seen: string[] = [];
  const keep = async (response: Response) => {
    seen.push(`${response.status} ${await response.text()}`);
    for (const [name, value] of response.headers) seen.push(`${name}: ${value}`);
  };
  const page = { origin: edge.url };
  const json = { ...page, 'content-type': 'application/json' };
  const get = (path: string, headers: Record<string, string> = page) =>
    fetch(`${edge.url}${path}`, { headers }).then(keep);
  const post = (path: string, body: string, headers: Record<string, string> = json) =>
    fetch(`${edge.url}${path}`, { method: 'POST', headers, body }).then(keep);
  const reading = (mode: string, transport?: string) =>
    JSON.stringify({ sessionId: crypto.randomUUID(), mode, ...(transport ? { transport } : {}) });

  for (const path of ['/', '/reading', '/reading/voice', '/docs', '/api/health', '/api/nope']) {
    await get(path);
  }
  await post('/api/voice/token', reading('text'));
  await post('/api/voice/token', reading('voice'));
  await post('/api/voice/token', reading('voice', 'webrtc'));
  await post('/api/voice/token', reading('voice', 'websocket'));
  await post('/api/voice/token', '{"mode":"nope"}');
  await post('/api/livekit/token', '{}');
  await post('/api/livekit/webhook', '{}');
  await post('/api/events', '{}');
  await get('/api/reader/realtime');
  await get('/api/voice/realtime');
  await fetch(`${edge.url}/api/voice/token`, {
    method: 'OPTIONS',
    headers: { ...page, 'access-control-request-method': 'POST' },
  }).then(keep);

  const voice = await mint('voice', 'webrtc');
  const sdp = (token: string) => ({
    ...page,
    authorization: `Bearer ${token}`,
    'content-type': 'application/sdp',
  });
  const offered = await fetch(`${edge.url}/api/voice/calls`, {
    method: 'POST',
    headers: sdp(voice.token),
    body: OFFER,
  });
  const callId = offered.headers.get('location')?.split('/').pop() ?? '';
  await keep(offered);
  await post('/api/voice/calls', OFFER, sdp(voice.token));
  await post('/api/voice/calls', OFFER, sdp('ek_call_forged.x'));
  await get(`/api/voice/calls/${callId}`, { ...page, authorization: `Bearer ${voice.token}` });

  const text = await mint('text');
  seen.push(JSON.stringify(text));
  const socket = await relay(text.url ?? '', text.token, 'browser');
  seen.push(JSON.stringify(socket.headers));
  ask(socket, 'Hello');
  await expect.poll(() => count(socket, 'response.done')).toBe(1);
  send(socket, { type: 'nonsense' });
  await expect.poll(() => count(socket, 'error')).toBe(1);
  seen.push(JSON.stringify(socket.events));
  socket.ws.close();
  await expect(relay(text.url ?? '', text.token)).rejects.toThrow('refused with 401');

  const everything = seen.join('\n');
  expect(everything).toContain('ek_relay_'); // ours are there; the stand-in's never are
  expect(standin.secrets().length).toBeGreaterThan(0);
  for (const secret of standin.secrets()) expect(everything).not.toContain(secret);
  // Nobody asked OpenAI for a client secret to hand out.
  expect(standin.requests.some((request) => request.path.includes('client_secrets'))).toBe(false);
});
