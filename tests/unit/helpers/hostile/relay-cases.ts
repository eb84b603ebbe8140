/**
 * The hostile-input tables of the sessions that go through the edge to OpenAI: the voice call's
 * route (`POST /api/voice/calls` and the call's state), the relay's upgrade
 * (`GET /api/voice/realtime`) and the frames a page sends through the relay.
 * tests/unit/edge/hostile.test.ts runs them against the real app as deployed, OpenAI being a local
 * stand-in that takes only `SECRETS.OPENAI_API_KEY`.
 */
import type { Bindings } from '../../../../edge/env.ts';
import { mintReaderToken } from '../../../../edge/reader/token.ts';
import { RelaySessionObject } from '../../../../edge/relay/relay-object.ts';
import { mintSessionToken } from '../../../../edge/realtime/session-token.ts';
import { OFFER } from '../../../support/openai-realtime-standin.ts';
import { memoryCeiling } from '../../../support/edge-env.ts';
import { memoryCalls } from '../../../support/voice-calls-memory.ts';
import { SECRETS, UUID, deployment, type HttpCase } from './cases.ts';

const KEY = SECRETS.OPENAI_API_KEY;
const mint = (kind: 'call' | 'relay', key: string = KEY, nowMs = Date.now(), client?: string) =>
  mintSessionToken(
    kind,
    key,
    { sessionId: UUID, ttlSeconds: 60, capSeconds: 1800, maxTokens: 200_000, client },
    nowMs,
  ).then((minted) => minted.token);

/** A deployment with OpenAI at `baseURL` and the real call objects in memory. */
export function openAiDeployment(baseURL: string, extra: Partial<Bindings> = {}): Bindings {
  const calls = memoryCalls();
  const env = deployment({
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: baseURL,
    VOICE_CALLS: calls.namespace,
    ...extra,
  });
  calls.setEnv(env);
  return env;
}

/**
 * Offers to the call route, in order (the second reuses the first's token), each with the token
 * and headers it names; `baseURL` is the stand-in's.
 */
export async function VOICE_CALL_CASES(baseURL: string): Promise<HttpCase[]> {
  const env = openAiDeployment(baseURL);
  const good = await mint('call');
  const expired = await mint('call', KEY, Date.now() - 3_600_000);
  const [signed = '', signature = ''] = good.split('.');
  const sdp = (token: string, extra: Record<string, string> = {}) => ({
    'content-type': 'application/sdp',
    authorization: `Bearer ${token}`,
    ...extra,
  });
  const offer = (name: string, token: string, status: number, code?: string): HttpCase => ({
    name,
    env,
    headers: sdp(token),
    body: OFFER,
    status,
    ...(code ? { code } : {}),
  });
  const otherKey = 'sk-another-openai-project-key';
  const failingStart = openAiDeployment(baseURL, {
    VOICE_CALLS: {
      idFromName: (name: string) => name,
      get: () => ({
        fetch: async (request: Request) =>
          new URL(request.url).pathname === '/claim'
            ? Response.json({ ok: true })
            : new Response('storage failed', { status: 500 }),
      }),
    },
  });
  return [
    offer('a valid offer with its call token', good, 201),
    offer('the same token again (reused)', good, 401, 'unauthorized'),
    { name: 'no Authorization', env, headers: sdp(''), body: OFFER, status: 401 },
    offer('a relay token', await mint('relay'), 401, 'unauthorized'),
    offer(
      'a reader token',
      (await mintReaderToken({ secret: SECRETS.READER_TOKEN_SECRET, sessionId: UUID })).token,
      401,
    ),
    offer(
      'a call token signed for another upstream’s key (the local WebRTC reader’s)',
      await mint('call', 'voice-peer-key-of-some-machine'),
      401,
      'unauthorized',
    ),
    offer('an expired call token', expired, 401, 'unauthorized'),
    offer(
      'a call token another connection paid for',
      await mint('call', KEY, Date.now(), '203.0.113.50'),
      401,
      'unauthorized',
    ),
    {
      name: 'a valid offer while the site runs every reading it may',
      env: openAiDeployment(baseURL, {
        SITE_MAX_READINGS: '1',
        SITE_CEILING: memoryCeiling({
          leases: { 'call:0000000000000000000000000000abcd': { kind: 'reading', until: 8.64e15 } },
        }),
      }),
      headers: sdp(await mint('call')),
      body: OFFER,
      status: 503,
      code: 'site_busy',
      names: ['try again in a few minutes'],
    },
    offer('a call token with another signature', `${signed}.${'A'.repeat(signature.length)}`, 401),
    offer('a call token with its signature cut', signed, 401),
    offer('the OpenAI key itself as the bearer', KEY, 401),
    offer('a 1,001-character token', `ek_call_${'a'.repeat(993)}`, 401),
    {
      name: 'the offer sent as JSON',
      env,
      headers: sdp(await mint('call'), { 'content-type': 'application/json' }),
      body: JSON.stringify({ sdp: OFFER }),
      status: 415,
    },
    {
      name: 'the offer sent as a form',
      env,
      headers: sdp(await mint('call'), { 'content-type': 'multipart/form-data; boundary=x' }),
      body: '--x--',
      status: 415,
    },
    {
      name: 'a body that is no SDP',
      env,
      headers: sdp(await mint('call')),
      body: '<html>',
      status: 400,
    },
    { name: 'an empty offer', env, headers: sdp(await mint('call')), body: '', status: 400 },
    {
      name: 'an offer of 9 KiB',
      env,
      headers: sdp(await mint('call')),
      body: `${OFFER}a=x:${'x'.repeat(9 * 1024)}\r\n`,
      status: 413,
      code: 'payload_too_large',
    },
    { name: 'GET', method: 'GET', env, status: 404 },
    {
      name: 'Origin: null',
      env,
      headers: sdp(await mint('call'), { origin: 'null' }),
      body: OFFER,
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'a foreign origin',
      env,
      headers: sdp(await mint('call'), { origin: 'https://evil.example' }),
      body: OFFER,
      status: 403,
    },
    {
      name: 'a limiter that says no',
      env: openAiDeployment(baseURL, {
        TOKEN_RATE_LIMITER: { limit: async () => ({ success: false }) },
      }),
      headers: sdp(await mint('call')),
      body: OFFER,
      status: 429,
      code: 'rate_limited',
    },
    {
      name: 'a deployment without its call objects',
      env: openAiDeployment(baseURL, { VOICE_CALLS: undefined }),
      headers: sdp(await mint('call')),
      body: OFFER,
      status: 503,
      code: 'not_configured',
    },
    {
      name: 'no OpenAI key and no local WebRTC reader',
      env: deployment(),
      headers: sdp(await mint('call')),
      body: OFFER,
      status: 404,
      code: 'not_found',
    },
    {
      name: 'OpenAI refusing the site’s key (a rotated key)',
      env: openAiDeployment(baseURL, { OPENAI_API_KEY: otherKey }),
      headers: sdp(await mint('call', otherKey)),
      body: OFFER,
      status: 503,
      code: 'upstream_unavailable',
    },
    {
      name: 'a call its object cannot take (hung up at once)',
      env: failingStart,
      headers: sdp(await mint('call')),
      body: OFFER,
      status: 503,
      code: 'upstream_unavailable',
    },
    {
      name: 'a call its object cannot take, whose first hangup OpenAI answers 500 (tried again)',
      env: failingStart,
      headers: sdp(await mint('call')),
      body: OFFER,
      status: 503,
      code: 'upstream_unavailable',
    },
    {
      name: 'a call’s state with no token',
      method: 'GET',
      path: '/api/voice/calls/rtc_standin_1_x',
      env,
      status: 401,
    },
    {
      name: 'a call’s state with a relay token',
      method: 'GET',
      path: '/api/voice/calls/rtc_standin_1_x',
      env,
      headers: { authorization: `Bearer ${await mint('relay')}` },
      status: 401,
    },
    {
      name: 'the state of a call its token did not open',
      method: 'GET',
      path: '/api/voice/calls/rtc_someone_elses',
      env,
      headers: { authorization: `Bearer ${good}` },
      status: 404,
      code: 'not_found',
    },
  ];
}

/** A relay object for the upgrade cases: the real one, whose token was already used. */
function usedRelay(): Bindings['RELAY_SESSIONS'] {
  const stored = new Map<string, unknown>([['claim', { expiresAt: 1 }]]);
  const object = new RelaySessionObject(
    {
      storage: {
        get: async <T>(key: string) => stored.get(key) as T | undefined,
        put: async (key: string, value: unknown) => void stored.set(key, value),
        deleteAll: async () => stored.clear(),
        setAlarm: async () => undefined,
      },
    },
    {},
  );
  return { idFromName: (name: string) => name, get: () => object };
}

/** A relay object that takes any upgrade handed to it (workerd would answer 101). */
const heldRelay: Bindings['RELAY_SESSIONS'] = {
  idFromName: (name: string) => name,
  get: () => ({ fetch: async () => new Response('held', { status: 200 }) }),
};

/** Upgrade requests to the relay's socket: the token and headers vary; only ours get through. */
export async function RELAY_UPGRADE_CASES(baseURL: string): Promise<HttpCase[]> {
  const env = openAiDeployment(baseURL, { RELAY_SESSIONS: heldRelay });
  const good = await mint('relay');
  const [signed = '', signature = ''] = good.split('.');
  const upgrade = { upgrade: 'websocket' };
  const bearer = (token: string) => ({ ...upgrade, authorization: `Bearer ${token}` });
  const protocol = (value: string) => ({ ...upgrade, 'sec-websocket-protocol': value });
  const refused = (name: string, headers: Record<string, string>): HttpCase => ({
    name,
    env,
    headers,
    status: 401,
    code: 'unauthorized',
  });
  return [
    { name: 'a plain GET', env, status: 426, code: 'bad_request' },
    { name: 'Upgrade: h2c', env, headers: { upgrade: 'h2c' }, status: 426 },
    refused('no token', upgrade),
    refused('the OpenAI key itself', bearer(KEY)),
    refused('an OpenAI client secret', bearer('ek_68af296e8e408191a1120ab6383263c2')),
    refused('a call token', bearer(await mint('call'))),
    refused(
      'a reader token',
      bearer(
        (await mintReaderToken({ secret: SECRETS.READER_TOKEN_SECRET, sessionId: UUID })).token,
      ),
    ),
    refused(
      'a relay token signed for another site’s key',
      bearer(await mint('relay', 'sk-another-site')),
    ),
    refused('an expired relay token', bearer(await mint('relay', KEY, Date.now() - 3_600_000))),
    refused('a relay token with its signature cut', bearer(signed)),
    refused(
      'a relay token with another signature',
      bearer(`${signed}.${'A'.repeat(signature.length)}`),
    ),
    refused('a 1,001-character token', bearer(`ek_relay_${'a'.repeat(992)}`)),
    refused('a subprotocol key that is junk', protocol('realtime, openai-insecure-api-key.junk')),
    refused('only the realtime subprotocol', protocol('realtime')),
    {
      name: 'a good token as the browser’s subprotocol',
      env,
      headers: protocol(`realtime, openai-insecure-api-key.${good}, openai-agents-sdk.0.20.0`),
      status: 200,
    },
    { name: 'a good token as a bearer', env, headers: bearer(good), status: 200 },
    {
      name: 'a reused token (its object refuses it)',
      env: openAiDeployment(baseURL, { RELAY_SESSIONS: usedRelay() }),
      headers: bearer(good),
      status: 401,
      code: 'unauthorized',
    },
    { name: 'POST', method: 'POST', env, headers: bearer(good), status: 404 },
    {
      name: 'Origin: null',
      env,
      headers: { ...bearer(good), origin: 'null' },
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'a foreign origin',
      env,
      headers: { ...bearer(good), origin: 'https://evil.example' },
      status: 403,
    },
    {
      name: 'no OpenAI key: nothing to relay',
      env: deployment({ RELAY_SESSIONS: heldRelay }),
      headers: bearer(good),
      status: 404,
      code: 'not_found',
    },
    {
      name: 'a limiter that says no',
      env: openAiDeployment(baseURL, {
        RELAY_SESSIONS: heldRelay,
        TOKEN_RATE_LIMITER: { limit: async () => ({ success: false }) },
      }),
      headers: bearer(good),
      status: 429,
    },
    {
      name: 'a good token but no relay objects bound',
      env: openAiDeployment(baseURL),
      headers: bearer(good),
      status: 503,
      code: 'not_configured',
    },
  ];
}

export interface RelayFrameCase {
  name: string;
  frame: string;
  /** Sent this many times (default once); the last answer is the one the row states. */
  times?: number;
  /** The error the page gets instead of the frame going on; undefined: it goes on (pinned). */
  error?: string;
  /** The frame ends the session. */
  closes?: boolean;
}

const ev = (event: object) => JSON.stringify(event);

/** Frames a page sends through the relay, each on a session of its own. */
export const RELAY_FRAME_CASES: RelayFrameCase[] = [
  { name: 'not JSON', frame: 'hello', error: 'invalid_json' },
  { name: 'a JSON array', frame: '[]', error: 'invalid_event' },
  { name: 'an object without a type', frame: '{}', error: 'invalid_event' },
  { name: 'an unknown type', frame: ev({ type: 'session.delete' }), error: 'unknown_event' },
  {
    name: 'a server event sent by the page',
    frame: ev({ type: 'response.done', response: { usage: { total_tokens: 0 } } }),
    error: 'unknown_event',
  },
  {
    name: 'a transcription session instead of a realtime one',
    frame: ev({ type: 'session.update', session: { type: 'transcription' } }),
    error: 'invalid_event',
  },
  {
    name: 'session.update asking for no output limit, another model and voice, and tracing (pinned over)',
    frame: ev({
      type: 'session.update',
      session: {
        type: 'realtime',
        model: 'gpt-realtime-large',
        max_output_tokens: 'inf',
        output_modalities: ['audio', 'text'],
        audio: { output: { voice: 'verse' } },
        tracing: 'auto',
      },
    }),
  },
  {
    name: 'session.update with a hosted MCP tool and a stored prompt (dropped)',
    frame: ev({
      type: 'session.update',
      session: {
        type: 'realtime',
        tools: [{ type: 'mcp', server_label: 'x', server_url: 'https://evil.example/mcp' }],
        prompt: { id: 'pmpt_other' },
      },
    }),
  },
  {
    name: 'session.update over 32 KiB',
    frame: ev({
      type: 'session.update',
      session: { type: 'realtime', instructions: 'i'.repeat(40_000) },
    }),
    error: 'session_update_too_large',
  },
  {
    name: 'response.create with its own instructions, tools and no output limit (dropped)',
    frame: ev({
      type: 'response.create',
      response: { instructions: 'x', max_output_tokens: 'inf', tools: [], conversation: 'none' },
    }),
  },
  {
    name: 'response.create with a bad modality',
    frame: ev({ type: 'response.create', response: { output_modalities: ['smell'] } }),
    error: 'invalid_event',
  },
  {
    name: 'twenty-one response.create at once (the last)',
    frame: ev({ type: 'response.create' }),
    times: 21,
    error: 'rate_limit_exceeded',
    closes: true,
  },
  {
    name: 'audio that is not base64',
    frame: ev({ type: 'input_audio_buffer.append', audio: '<script>' }),
    error: 'invalid_event',
  },
  {
    name: 'an item of an unknown type',
    frame: ev({ type: 'conversation.item.create', item: { type: 'shell', cmd: 'ls' } }),
    error: 'invalid_event',
  },
  {
    name: 'a frame over 64 KiB',
    frame: ev({ type: 'response.cancel', padding: 'x'.repeat(70_000) }),
    error: 'frame_too_large',
    closes: true,
  },
];
