/**
 * The hostile-input tables: for each HTTP route and for the reader's socket, inputs a stranger
 * might send and the outcome each must get. tests/unit/edge/hostile.test.ts runs them; each case
 * names its expectation, so the table reads as the routes' contract under attack.
 */
import type { Bindings } from '../../../../edge/env.ts';
import { DEV_READER_TOKEN_SECRET, mintReaderToken } from '../../../../edge/reader/token.ts';
import {
  DEPLOYED_CAPS,
  allowAll,
  memoryBudgets,
  memoryCeiling,
  memoryRooms,
} from '../../../support/edge-env.ts';

export const SECRETS = {
  OPENAI_API_KEY: 'sk-hostile-openai-key-0001',
  READER_TOKEN_SECRET: 'hostile-reader-secret-0002',
  LIVEKIT_API_SECRET: 'hostile-livekit-secret-0003-long-enough',
  TURNSTILE_SECRET_KEY: 'hostile-turnstile-0004',
} as const;

/** A deployment: its secrets, its caps, its rate limiters, no LOCAL_DEVELOPMENT. */
export function deployment(extra: Partial<Bindings> = {}): Bindings {
  return {
    ...DEPLOYED_CAPS,
    READER_TOKEN_SECRET: SECRETS.READER_TOKEN_SECRET,
    TOKEN_RATE_LIMITER: allowAll(),
    EVENTS_RATE_LIMITER: allowAll(),
    CLIENT_BUDGETS: memoryBudgets(),
    BMO_ROOMS: memoryRooms(),
    SITE_CEILING: memoryCeiling(),
    ...extra,
  };
}

export interface HttpCase {
  name: string;
  method?: string;
  headers?: Record<string, string>;
  /** A string is sent as it is; anything else as JSON. */
  body?: unknown;
  env?: Bindings;
  /** The request path and query, when not the route's own path. */
  path?: string;
  /** The host the request names (default edge.test, or 127.0.0.1:8787 in local development). */
  host?: string;
  status: number;
  code?: string;
  /** Text the response must contain (a refused field's name, a hint). */
  names?: string[];
  /** Text the response must not contain. */
  absent?: string[];
}

export const UUID = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const valid = { sessionId: UUID, mode: 'text' };

export const VOICE_TOKEN_CASES: HttpCase[] = [
  { name: 'a valid text request', body: valid, status: 200 },
  { name: 'a valid voice request', body: { ...valid, mode: 'voice' }, status: 200 },
  { name: 'an empty object', body: {}, status: 400, code: 'bad_request' },
  { name: 'an array', body: [], status: 400, code: 'bad_request' },
  { name: 'null', body: 'null', status: 400, code: 'bad_request' },
  { name: 'a JSON string', body: '"hello"', status: 400, code: 'bad_request' },
  { name: 'a JSON number', body: '42', status: 400, code: 'bad_request' },
  { name: 'a JSON boolean', body: 'true', status: 400, code: 'bad_request' },
  { name: 'no mode', body: { sessionId: UUID }, status: 400, code: 'bad_request' },
  { name: 'no session id', body: { mode: 'text' }, status: 400, code: 'bad_request' },
  { name: 'a session id that is no UUID', body: { ...valid, sessionId: 'abc' }, status: 400 },
  { name: 'an unknown mode', body: { ...valid, mode: 'video' }, status: 400, code: 'bad_request' },
  { name: 'a mode in capitals', body: { ...valid, mode: 'TEXT' }, status: 400 },
  { name: 'a numeric session id', body: { ...valid, sessionId: 5 }, status: 400 },
  { name: 'an array session id', body: { ...valid, sessionId: [UUID] }, status: 400 },
  { name: 'an object session id', body: { ...valid, sessionId: { id: UUID } }, status: 400 },
  { name: 'a null mode', body: { ...valid, mode: null }, status: 400 },
  { name: 'a UUID with spaces', body: { ...valid, sessionId: ` ${UUID} ` }, status: 400 },
  {
    name: 'a 7,000-character session id',
    body: { ...valid, sessionId: 'x'.repeat(7000) },
    status: 400,
  },
  { name: 'a NUL in the session id', body: { ...valid, sessionId: `${UUID}\u0000` }, status: 400 },
  {
    name: 'a __proto__ key beside valid fields',
    body: `{"__proto__":{"admin":true},"sessionId":"${UUID}","mode":"text"}`,
    status: 200,
  },
  {
    name: 'a constructor key beside valid fields',
    body: { ...valid, constructor: { prototype: 1 } },
    status: 200,
  },
  {
    name: 'two hundred unknown fields',
    body: { ...valid, ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, i])) },
    status: 200,
  },
  { name: 'an unfinished object', body: '{', status: 400, code: 'bad_request' },
  { name: 'a cut-off member', body: '{"sessionId":', status: 400, code: 'bad_request' },
  { name: 'an empty body declared as JSON', body: '', status: 400, code: 'bad_request' },
  {
    name: 'a body over 8 KiB',
    body: { ...valid, pad: 'x'.repeat(9000) },
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: 'a JSON body sent as text/plain',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(valid),
    status: 415,
  },
  {
    name: 'no content type at all',
    headers: { 'content-type': '' },
    body: JSON.stringify(valid),
    status: 415,
  },
  {
    name: 'JSON with a charset',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(valid),
    status: 200,
  },
  {
    name: 'a +json media type',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify(valid),
    status: 200,
  },
  {
    name: 'a form post',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `sessionId=${UUID}&mode=text`,
    status: 415,
  },
  {
    name: 'a multipart post',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: '--x--',
    status: 415,
  },
  { name: 'GET', method: 'GET', status: 404, code: 'not_found' },
  { name: 'PUT', method: 'PUT', body: valid, status: 404 },
  { name: 'DELETE', method: 'DELETE', status: 404 },
  {
    name: 'Origin: null',
    headers: { origin: 'null' },
    body: valid,
    status: 403,
    code: 'forbidden_origin',
  },
  {
    name: 'a foreign origin',
    headers: { origin: 'https://evil.example' },
    body: valid,
    status: 403,
    code: 'forbidden_origin',
  },
  {
    name: 'the page’s own origin',
    headers: { origin: 'http://edge.test' },
    body: valid,
    status: 200,
  },
  {
    name: 'a foreign origin’s preflight (answered, then refused)',
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example' },
    status: 204,
  },
  { name: 'JSON nested 1,000 deep', body: nested(1000), status: 400 },
  {
    name: 'duplicate keys (the last wins)',
    body: `{"sessionId":"x","sessionId":"${UUID}","mode":"text"}`,
    status: 200,
  },
  {
    name: 'a limiter that says no',
    env: deployment({ TOKEN_RATE_LIMITER: { limit: async () => ({ success: false }) } }),
    body: valid,
    status: 429,
    code: 'rate_limited',
  },
  {
    name: 'a deployment without its limiter',
    env: { ...DEPLOYED_CAPS, READER_TOKEN_SECRET: SECRETS.READER_TOKEN_SECRET },
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'a deployment without a reader secret',
    env: deployment({ READER_TOKEN_SECRET: undefined }),
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'Turnstile required and missing',
    env: deployment({ TURNSTILE_SECRET_KEY: SECRETS.TURNSTILE_SECRET_KEY }),
    body: valid,
    status: 401,
    code: 'unauthorized',
  },
  {
    name: 'no Origin (a script, deployed)',
    headers: { origin: '' },
    body: valid,
    status: 403,
    code: 'origin_required',
  },
  {
    name: 'no Origin in local development',
    env: { LOCAL_DEVELOPMENT: 'true' },
    headers: { origin: '' },
    body: valid,
    status: 200,
  },
  {
    name: 'an OpenAI key and no Turnstile secret, deployed (OpenAI never asked)',
    env: deployment({ OPENAI_API_KEY: SECRETS.OPENAI_API_KEY }),
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'a client past its daily token minutes',
    env: deployment({ DAILY_TOKEN_MINUTES: '1' }),
    body: valid,
    status: 429,
    code: 'budget_exhausted',
  },
  {
    name: "a client when the whole site has spent the day's minutes",
    env: deployment({ SITE_DAILY_MINUTES: '1' }),
    body: valid,
    status: 503,
    code: 'site_spent',
    names: ['tomorrow'],
  },
  {
    name: "a client when the whole site has spent the day's OpenAI tokens",
    env: deployment({
      SITE_DAILY_TOKENS: '1000',
      SITE_CEILING: memoryCeiling({
        spent: { day: new Date().toISOString().slice(0, 10), minutes: 0, tokens: 1000 },
      }),
    }),
    body: valid,
    status: 503,
    code: 'site_spent',
  },
  {
    name: "deployed without the site's ceiling (its Durable Object binding)",
    env: deployment({ SITE_CEILING: undefined }),
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'a deployment whose minute cap is 0',
    env: deployment({ READING_MAX_MINUTES: '0' }),
    body: valid,
    status: 503,
    code: 'misconfigured',
  },
  {
    name: 'a deployment without a token budget',
    env: deployment({ READING_MAX_TOKENS: undefined }),
    body: valid,
    status: 503,
    code: 'misconfigured',
  },
  {
    name: 'a deployment whose token budget is not a number',
    env: deployment({ OPENAI_API_KEY: SECRETS.OPENAI_API_KEY, READING_MAX_TOKENS: 'lots' }),
    body: valid,
    status: 503,
    code: 'misconfigured',
  },
  {
    name: 'LOAD_TEST_LIMITS set on a deployment',
    env: deployment({ LOAD_TEST_LIMITS: 'true' }),
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'a rebound host name in local development',
    env: { LOCAL_DEVELOPMENT: 'true' },
    host: 'rebound.example:8787',
    headers: { origin: 'http://rebound.example:8787' },
    body: valid,
    status: 403,
    code: 'forbidden_host',
  },
  {
    name: 'localhost in local development',
    env: { LOCAL_DEVELOPMENT: 'true' },
    host: 'localhost:5173',
    headers: { origin: 'http://localhost:5173' },
    body: valid,
    status: 200,
  },
  {
    name: '[::1] in local development',
    env: { LOCAL_DEVELOPMENT: 'true' },
    host: '[::1]:8787',
    headers: { origin: 'http://[::1]:8787' },
    body: valid,
    status: 200,
  },
  {
    name: 'an oversized Turnstile token',
    env: deployment({ TURNSTILE_SECRET_KEY: SECRETS.TURNSTILE_SECRET_KEY }),
    headers: { 'x-turnstile-token': 't'.repeat(3000) },
    body: valid,
    status: 401,
  },
];

const now = () => new Date().toISOString();
const transition = {
  event: 'agent_transition',
  sessionId: UUID,
  time: '2026-11-23T12:00:00.000Z',
  from: 'IntentAssessment',
  to: 'SpreadGeneration',
  durationMs: 1200,
  contextSummary: { topic: 'career' },
};
const toolCall = {
  event: 'tool_call',
  sessionId: UUID,
  time: '2026-11-23T12:00:00.000Z',
  tool: 'draw_card',
  agent: 'SpreadGeneration',
  params: { positionLabel: 'Past' },
  result: 'success',
  durationMs: 30,
};
const error = {
  event: 'error',
  sessionId: UUID,
  time: '2026-11-23T12:00:00.000Z',
  type: 'connection',
  severity: 'error',
  message: 'connection_lost',
  connectionStatus: 'disconnected',
};
const many = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1]));

export const EVENTS_CASES: HttpCase[] = [
  { name: 'a valid transition', body: transition, status: 204 },
  { name: 'a valid tool call', body: toolCall, status: 204 },
  { name: 'a valid error', body: error, status: 204 },
  { name: 'a valid event with a fresh time', body: { ...transition, time: now() }, status: 204 },
  {
    name: 'a transcript riding along',
    body: { ...transition, transcript: 'my question' },
    status: 400,
    code: 'bad_request',
  },
  {
    name: 'a prompt riding along in the context',
    body: { ...transition, contextSummary: { topic: 'career', prompt: 'x' } },
    status: 400,
  },
  { name: 'an unknown event name', body: { ...transition, event: 'keylogger' }, status: 400 },
  { name: 'no event name', body: { ...transition, event: undefined }, status: 400 },
  { name: 'no session id', body: { ...transition, sessionId: undefined }, status: 400 },
  {
    name: 'a 101-character session id',
    body: { ...transition, sessionId: 's'.repeat(101) },
    status: 400,
  },
  { name: 'a time that is not ISO 8601', body: { ...transition, time: 'yesterday' }, status: 400 },
  { name: 'a negative duration', body: { ...transition, durationMs: -1 }, status: 400 },
  { name: 'a fractional duration', body: { ...transition, durationMs: 1.5 }, status: 400 },
  { name: 'a duration as a string', body: { ...transition, durationMs: '1200' }, status: 400 },
  { name: 'an unknown agent', body: { ...transition, to: 'Root' }, status: 400 },
  {
    name: 'a 501-character error message',
    body: { ...error, message: 'm'.repeat(501) },
    status: 400,
  },
  { name: 'an empty error message', body: { ...error, message: '' }, status: 400 },
  { name: 'a 4,001-character stack', body: { ...error, stack: 's'.repeat(4001) }, status: 400 },
  { name: 'an error with any stack', body: { ...error, stack: 'at x (y.js:1)' }, status: 400 },
  {
    name: 'an error message in words (not a code)',
    body: { ...error, message: 'The connection dropped.' },
    status: 400,
  },
  { name: 'a 65-character error code', body: { ...error, message: 'c'.repeat(65) }, status: 400 },
  {
    name: 'a tool parameter in words',
    body: { ...toolCall, params: { question: 'will I get the job' } },
    status: 400,
  },
  {
    name: 'a tool parameter as a number (a phrase’s length)',
    body: { ...toolCall, params: { question: 18 } },
    status: 204,
  },
  {
    name: 'a made-up tool error code in words',
    body: { ...toolCall, result: 'error', errorCode: 'Out of cards!' },
    status: 400,
  },
  { name: 'an unknown severity', body: { ...error, severity: 'panic' }, status: 400 },
  {
    name: 'a parameter value that is an object',
    body: { ...toolCall, params: { positionLabel: { nested: true } } },
    status: 400,
  },
  {
    name: 'a 241-character parameter value',
    body: { ...toolCall, params: { positionLabel: 'p'.repeat(241) } },
    status: 400,
  },
  {
    name: 'a 61-character parameter name',
    body: { ...toolCall, params: { ['n'.repeat(61)]: 'x' } },
    status: 400,
  },
  { name: 'seventeen parameters', body: { ...toolCall, params: many(17) }, status: 400 },
  { name: 'sixteen parameters', body: { ...toolCall, params: many(16) }, status: 204 },
  { name: 'an unknown result', body: { ...toolCall, result: 'maybe' }, status: 400 },
  { name: 'an array', body: [transition], status: 400 },
  { name: 'null', body: 'null', status: 400 },
  { name: 'invalid JSON', body: '{"event":', status: 400 },
  { name: 'an empty body', body: '', status: 400 },
  {
    name: 'text/plain',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(transition),
    status: 415,
  },
  { name: 'a body over 8 KiB', body: { ...error, stack: 's'.repeat(9000) }, status: 413 },
  { name: 'Origin: null', headers: { origin: 'null' }, body: transition, status: 403 },
  {
    name: 'a foreign origin',
    headers: { origin: 'https://evil.example' },
    body: transition,
    status: 403,
  },
  {
    name: 'an allowed partner origin',
    env: deployment({ ALLOWED_ORIGINS: 'https://partner.example' }),
    headers: { origin: 'https://partner.example' },
    body: transition,
    status: 204,
  },
  { name: 'GET', method: 'GET', status: 404 },
  { name: 'PUT', method: 'PUT', body: transition, status: 404 },
  {
    name: 'a __proto__ key',
    body: `{"__proto__":{"x":1},${JSON.stringify(transition).slice(1)}`,
    status: 400,
  },
  { name: 'JSON nested 1,000 deep', body: nested(1000), status: 400 },
  {
    name: 'a limiter that says no',
    env: deployment({ EVENTS_RATE_LIMITER: { limit: async () => ({ success: false }) } }),
    body: transition,
    status: 429,
  },
  {
    name: 'a deployment without its limiter',
    env: { READER_TOKEN_SECRET: 'x' },
    body: transition,
    status: 503,
  },
  { name: 'NUL bytes in a string', body: { ...error, message: 'a\u0000b' }, status: 400 },
];

/** Upgrade requests to the reader's socket: the token and headers vary; none may get through. */
export async function READER_UPGRADE_CASES(): Promise<HttpCase[]> {
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

export interface SocketCase {
  name: string;
  frame: string;
  /** The error code the frame must get, or undefined when it must get none. */
  error?: string;
}

const ev = (event: object) => JSON.stringify(event);
const userItem = (text: string, extra: object = {}) => ({
  type: 'conversation.item.create',
  item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }], ...extra },
});

export const READER_FRAME_CASES: SocketCase[] = [
  { name: 'not JSON', frame: 'hello', error: 'invalid_json' },
  { name: 'a cut-off object', frame: '{"type":', error: 'invalid_json' },
  { name: 'an empty frame', frame: '', error: 'invalid_json' },
  { name: 'a JSON array', frame: '[]', error: 'invalid_event' },
  { name: 'JSON null', frame: 'null', error: 'invalid_event' },
  { name: 'a JSON number', frame: '7', error: 'invalid_event' },
  { name: 'an object without a type', frame: '{}', error: 'invalid_event' },
  { name: 'a numeric type', frame: ev({ type: 5 }), error: 'invalid_event' },
  { name: 'an unknown type', frame: ev({ type: 'session.delete' }), error: 'unknown_event' },
  {
    name: 'a server event sent by the client',
    frame: ev({ type: 'response.done' }),
    error: 'unknown_event',
  },
  {
    name: 'an 80,000-character type',
    frame: ev({ type: 't'.repeat(60_000) }),
    error: 'unknown_event',
  },
  {
    name: 'session.update without a session',
    frame: ev({ type: 'session.update' }),
    error: 'invalid_event',
  },
  {
    name: 'session.update of the wrong type',
    frame: ev({ type: 'session.update', session: { type: 'transcription' } }),
    error: 'invalid_event',
  },
  {
    name: 'session.update with a bad modality',
    frame: ev({
      type: 'session.update',
      session: { type: 'realtime', output_modalities: ['video'] },
    }),
    error: 'invalid_event',
  },
  {
    name: 'session.update with tools that are not an array',
    frame: ev({ type: 'session.update', session: { type: 'realtime', tools: 'all' } }),
    error: 'invalid_event',
  },
  {
    name: 'session.update over its cap',
    frame: ev({
      type: 'session.update',
      session: { type: 'realtime', instructions: 'i'.repeat(40_000) },
    }),
    error: 'session_update_too_large',
  },
  {
    name: 'an instructions line over 8 KiB (Cards drawn: and 9,000 characters of card lines)',
    frame: ev({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: `Cards drawn:\n1. ${'a (b): c, upright '.repeat(500)}`,
      },
    }),
    error: 'instructions_line_too_long',
  },
  {
    name: 'session.update with a made-up key under audio (kept out, not refused)',
    frame: ev({
      type: 'session.update',
      session: { type: 'realtime', audio: { made_up: 'x'.repeat(20_000) } },
    }),
  },
  {
    name: 'session.update with a 30,000-character prompt',
    frame: ev({
      type: 'session.update',
      session: { type: 'realtime', prompt: { id: 'p'.repeat(30_000) } },
    }),
  },
  {
    name: 'then a 30,000-character truncation',
    frame: ev({
      type: 'session.update',
      session: { type: 'realtime', truncation: { type: 't'.repeat(30_000) } },
    }),
  },
  {
    name: 'then a 30,000-character tracing name (the stored session past 64 KiB)',
    frame: ev({
      type: 'session.update',
      session: { type: 'realtime', tracing: { workflow_name: 'w'.repeat(30_000) } },
    }),
    error: 'session_too_large',
  },
  {
    name: 'then the prompt and truncation cleared',
    frame: ev({
      type: 'session.update',
      session: { type: 'realtime', prompt: null, truncation: 'auto' },
    }),
  },
  {
    name: 'session.update with made-up keys (kept out, not refused)',
    frame: ev({ type: 'session.update', session: { type: 'realtime', made_up: 'x' } }),
  },
  {
    name: 'an item of an unknown type',
    frame: ev({ type: 'conversation.item.create', item: { type: 'shell', cmd: 'ls' } }),
    error: 'invalid_event',
  },
  {
    name: 'a message with an unknown role',
    frame: ev(userItem('hi', { role: 'root' })),
    error: 'invalid_event',
  },
  {
    name: 'a message whose content is a string',
    frame: ev({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: 'hi' },
    }),
    error: 'invalid_event',
  },
  {
    name: 'an output for a call that was never made',
    frame: ev({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: 'call_x', output: '{}' },
    }),
    error: 'invalid_call_id',
  },
  {
    name: 'an item after an item that does not exist',
    frame: ev({ ...userItem('hi'), previous_item_id: 'item_nope' }),
    error: 'item_not_found',
  },
  {
    name: 'an item with a 201-character id',
    frame: ev(userItem('hi', { id: 'i'.repeat(201) })),
    error: 'invalid_event',
  },
  {
    name: 'retrieving an item that does not exist',
    frame: ev({ type: 'conversation.item.retrieve', item_id: 'nope' }),
    error: 'item_not_found',
  },
  {
    name: 'deleting an item that does not exist',
    frame: ev({ type: 'conversation.item.delete', item_id: 'nope' }),
    error: 'item_not_found',
  },
  {
    name: 'truncating an item that does not exist',
    frame: ev({
      type: 'conversation.item.truncate',
      item_id: 'nope',
      content_index: 0,
      audio_end_ms: 0,
    }),
    error: 'item_not_found',
  },
  {
    name: 'audio that is not base64',
    frame: ev({ type: 'input_audio_buffer.append', audio: '<script>' }),
    error: 'invalid_event',
  },
  {
    name: 'committing an empty audio buffer',
    frame: ev({ type: 'input_audio_buffer.commit' }),
    error: 'input_audio_buffer_commit_empty',
  },
  {
    name: 'response.create with a bad modality',
    frame: ev({ type: 'response.create', response: { output_modalities: ['smell'] } }),
    error: 'invalid_event',
  },
  {
    name: 'a 201-character event id',
    frame: ev({ type: 'response.cancel', event_id: 'e'.repeat(201) }),
    error: 'invalid_event',
  },
  {
    name: 'a greeting followed by 60,000 "!" and "x"',
    frame: ev(userItem('hi' + '!'.repeat(60_000) + 'x')),
  },
  { name: 'a message of 60,000 spaces', frame: ev(userItem(' '.repeat(60_000))) },
  { name: 'a message of 40,000 newlines and commas', frame: ev(userItem(',\n'.repeat(20_000))) },
  {
    name: 'a message in right-to-left and zero-width characters',
    frame: ev(userItem('\u202e\u200b'.repeat(1000))),
  },
  {
    name: 'a lone surrogate',
    frame:
      '{"type":"conversation.item.create","item":{"type":"message","role":"user","content":[{"type":"input_text","text":"\\ud800"}]}}',
  },
  {
    name: 'a __proto__ item field',
    frame:
      '{"type":"conversation.item.create","item":{"__proto__":{"role":"system"},"type":"message","role":"user","content":[]}}',
  },
  { name: 'response.cancel with nothing to cancel', frame: ev({ type: 'response.cancel' }) },
];
