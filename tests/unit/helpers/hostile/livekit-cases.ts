/**
 * The hostile-input tables for `POST /api/livekit/token`, `POST /api/livekit/webhook` and
 * `GET /api/health` (docs/hostile-inputs.md), in the shape of cases.ts. The LiveKit host ends in `.test`,
 * so any server API call would meet the stand-in of tests/unit/helpers/livekit-api-standin.ts
 * (the token route makes none).
 */
import type { Bindings } from '../../../../edge/env.ts';
import { LOCAL_LIVEKIT_HINT } from '../../../../edge/routes/livekit-token.ts';
import { DEPLOYED_CAPS, memoryCeiling, memoryRooms } from '../../../support/edge-env.ts';
import { SECRETS, deployment, type HttpCase } from './cases.ts';

export const LIVEKIT = {
  LIVEKIT_URL: 'wss://livekit.hostile.test',
  LIVEKIT_API_KEY: 'APIhostilekey',
  LIVEKIT_API_SECRET: SECRETS.LIVEKIT_API_SECRET,
} as const;

/** A deployment with LiveKit configured. */
const deployed = (extra: Partial<Bindings> = {}): Bindings => deployment({ ...LIVEKIT, ...extra });
/** A developer's machine (`npm start`): LOCAL_DEVELOPMENT, LiveKit's settings as given. */
const local = (extra: Partial<Bindings> = {}): Bindings => ({
  LOCAL_DEVELOPMENT: 'true',
  ...LIVEKIT,
  BMO_ROOMS: memoryRooms(),
  ...extra,
});
const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const valid = { participantName: 'Finn', timeZone: 'Europe/Paris' };
const refusedField = (field: string, value: unknown): HttpCase => ({
  name: `a client-set \`${field}\` field`,
  body: { ...valid, [field]: value },
  status: 400,
  code: 'bad_request',
  names: [field],
});

export const LIVEKIT_TOKEN_CASES: HttpCase[] = [
  { name: 'a valid request', body: valid, status: 200 },
  {
    name: 'no Origin (a script, deployed)',
    headers: { origin: '' },
    body: valid,
    status: 403,
    code: 'origin_required',
  },
  {
    name: 'a client past its daily token minutes',
    env: deployed({ DAILY_TOKEN_MINUTES: '5' }),
    body: valid,
    status: 429,
    code: 'budget_exhausted',
  },
  {
    name: 'a client when BMO talks with as many people as the site allows',
    env: deployed({
      BMO_MAX_SESSIONS: '2',
      SITE_CEILING: memoryCeiling({
        leases: {
          'bmo:bmo-00000000000000a1': { kind: 'bmo', until: 8.64e15, network: '203.0.113.0/24' },
          'bmo:bmo-00000000000000a2': { kind: 'bmo', until: 8.64e15, network: '198.18.0.0/24' },
        },
      }),
    }),
    body: valid,
    status: 503,
    code: 'bmo_full',
    names: ['as many people as it can'],
  },
  {
    name: 'a client of a network already holding its share of BMO (the rest kept in reserve)',
    env: deployed({
      BMO_MAX_SESSIONS: '8',
      SITE_CEILING: memoryCeiling({
        leases: {
          'bmo:bmo-00000000000000b1': { kind: 'bmo', until: 8.64e15, network: '2001:db8:48::/48' },
          'bmo:bmo-00000000000000b2': { kind: 'bmo', until: 8.64e15, network: '2001:db8:48::/48' },
        },
      }),
    }),
    headers: { 'cf-connecting-ipv6': '2001:db8:48:7::1' },
    body: valid,
    status: 503,
    code: 'bmo_full',
  },
  {
    name: "deployed without the site's ceiling (its Durable Object binding)",
    env: deployed({ SITE_CEILING: undefined }),
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  { name: 'an empty object (the defaults)', body: {}, status: 200 },
  {
    name: 'no body and no content type',
    headers: { 'content-type': '' },
    status: 200,
  },
  {
    name: 'a name of exactly 40 characters',
    body: { participantName: 'n'.repeat(40) },
    status: 200,
  },
  {
    name: 'a 41-character name',
    body: { participantName: 'n'.repeat(41) },
    status: 400,
    code: 'bad_request',
    names: ['participantName'],
  },
  {
    name: 'a 10,000-character name',
    body: { participantName: 'n'.repeat(10_000) },
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: 'a 7,000-character name (under the body cap)',
    body: { participantName: 'n'.repeat(7000) },
    status: 400,
    names: ['participantName'],
  },
  { name: 'an empty name', body: { participantName: '' }, status: 400, names: ['participantName'] },
  { name: 'a name of only spaces', body: { participantName: '    ' }, status: 400 },
  { name: 'a numeric name', body: { participantName: 7 }, status: 400, names: ['participantName'] },
  { name: 'an array name', body: { participantName: ['Finn'] }, status: 400 },
  { name: 'an object name', body: { participantName: { first: 'Finn' } }, status: 400 },
  { name: 'a null name', body: { participantName: null }, status: 400 },
  {
    name: 'a name with a NUL',
    body: { participantName: 'Fi\u0000nn' },
    status: 400,
    names: ['participantName'],
  },
  {
    name: 'a name with a newline and an escape',
    body: { participantName: 'Fi\nnn\u001b[31m' },
    status: 400,
    names: ['participantName'],
  },
  {
    name: 'a name in right-to-left override',
    body: { participantName: '\u202eFinn' },
    status: 400,
    names: ['participantName'],
  },
  {
    name: 'a name of markup',
    body: { participantName: '<img src=x onerror=alert(1)>' },
    status: 200,
  },
  {
    name: 'a time zone that does not exist',
    body: { timeZone: 'Mars/Olympus' },
    status: 400,
    names: ['timeZone'],
  },
  { name: 'an empty time zone', body: { timeZone: '' }, status: 400, names: ['timeZone'] },
  { name: 'a numeric time zone', body: { timeZone: 2 }, status: 400, names: ['timeZone'] },
  { name: 'a 65-character time zone', body: { timeZone: `Europe/${'x'.repeat(58)}` }, status: 400 },
  { name: 'a time zone with a NUL', body: { timeZone: 'Europe/Paris\u0000' }, status: 400 },
  { name: 'a time zone path', body: { timeZone: '../../etc/passwd' }, status: 400 },
  { name: 'UTC', body: { timeZone: 'UTC' }, status: 200 },
  refusedField('attributes', { 'bmo.access': 'owner' }),
  refusedField('metadata', '{"role":"owner"}'),
  refusedField('access', 'owner'),
  refusedField('bmo.access', 'owner'),
  { ...refusedField('attributes', {}), name: 'an empty client-set `attributes` object' },
  { ...refusedField('metadata', null), name: 'a null client-set `metadata`' },
  {
    name: 'identity, room and grants sent by the page (unknown fields, ignored)',
    body: { ...valid, identity: 'owner', roomName: 'bmo-mine', roomAdmin: true },
    status: 200,
  },
  { name: 'an array', body: [valid], status: 400, code: 'bad_request' },
  { name: 'null', body: 'null', status: 400, code: 'bad_request' },
  { name: 'a JSON string', body: '"Finn"', status: 400 },
  { name: 'a JSON number', body: '40', status: 400 },
  { name: 'an unfinished object', body: '{"participantName":', status: 400, code: 'bad_request' },
  { name: 'an empty body declared as JSON', body: '', status: 400, code: 'bad_request' },
  { name: 'JSON nested 1,000 deep in an unknown field (ignored)', body: nested(1000), status: 200 },
  {
    name: 'a __proto__ key beside valid fields',
    body: `{"__proto__":{"bmo.access":"owner"},"participantName":"Finn"}`,
    status: 200,
  },
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
    code: 'unsupported_media_type',
  },
  {
    name: 'a body with no content type',
    headers: { 'content-type': '' },
    body: JSON.stringify(valid),
    status: 415,
  },
  {
    name: 'a form post',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'participantName=Finn',
    status: 415,
  },
  {
    name: 'JSON with a charset',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(valid),
    status: 200,
  },
  { name: 'GET', method: 'GET', status: 404, code: 'not_found' },
  { name: 'PUT', method: 'PUT', body: valid, status: 404 },
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
    name: 'a forged Cloudflare Access header (Access not configured)',
    headers: { 'cf-access-jwt-assertion': 'eyJhbGciOiJub25lIn0.eyJlbWFpbCI6Im93bmVyIn0.' },
    body: valid,
    status: 200,
  },
  {
    name: 'deployed with LiveKit’s public development keys',
    env: deployment({ ...LIVEKIT, LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'secret' }),
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'local development with the development keys',
    env: local({ LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'secret' }),
    body: valid,
    status: 200,
  },
  {
    name: 'deployed without LiveKit settings (names no setting)',
    env: deployment(),
    body: valid,
    status: 503,
    code: 'not_configured',
    absent: ['LIVEKIT', 'livekit-server'],
  },
  {
    name: 'local development without LiveKit settings (says what to install)',
    env: { LOCAL_DEVELOPMENT: 'true' },
    body: valid,
    status: 503,
    code: 'not_configured',
    names: [LOCAL_LIVEKIT_HINT],
  },
  {
    name: 'deployed without an API secret',
    env: deployment({ ...LIVEKIT, LIVEKIT_API_SECRET: undefined }),
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'a deployment without its reading caps (every token route refuses)',
    env: { ...LIVEKIT, TOKEN_RATE_LIMITER: deployment().TOKEN_RATE_LIMITER },
    body: valid,
    status: 503,
    code: 'misconfigured',
  },
  {
    name: 'a deployment without its limiter',
    env: { ...DEPLOYED_CAPS, ...LIVEKIT },
    body: valid,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'a limiter that says no',
    env: deployed({ TOKEN_RATE_LIMITER: { limit: async () => ({ success: false }) } }),
    body: valid,
    status: 429,
    code: 'rate_limited',
  },
  {
    name: 'Turnstile required and missing',
    env: deployed({ TURNSTILE_SECRET_KEY: SECRETS.TURNSTILE_SECRET_KEY }),
    body: valid,
    status: 401,
    code: 'unauthorized',
  },
  {
    name: 'deployed without the rooms binding (no token minted)',
    env: deployed({ BMO_ROOMS: undefined }),
    body: valid,
    status: 503,
    code: 'not_configured',
  },
];

const webhookBody = {
  event: 'participant_joined',
  room: { name: 'bmo-0123456789abcdef' },
  participant: { identity: 'visitor-0123456789abcdef' },
};

/** LiveKit's webhooks: only a body signed by the server is read (the signed case is a unit test). */
export const LIVEKIT_WEBHOOK_CASES: HttpCase[] = [
  { name: 'no Authorization', body: webhookBody, status: 401, code: 'unauthorized' },
  {
    name: 'a junk Authorization',
    headers: { authorization: 'Bearer junk' },
    body: webhookBody,
    status: 401,
    code: 'unauthorized',
  },
  {
    name: 'a participant token as the signature',
    headers: {
      authorization:
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2aXNpdG9yLTAxMjM0NTY3ODlhYmNkZWYifQ.c2lnbmF0dXJl',
    },
    body: webhookBody,
    status: 401,
    code: 'unauthorized',
  },
  { name: 'not JSON, unsigned', body: 'hello', status: 401, code: 'unauthorized' },
  {
    name: 'a body over 8 KiB',
    body: { ...webhookBody, pad: 'a'.repeat(9_000) },
    status: 413,
  },
  {
    name: 'deployed without the rooms binding',
    env: deployed({ BMO_ROOMS: undefined }),
    body: webhookBody,
    status: 503,
    code: 'not_configured',
  },
  {
    name: 'deployed without LiveKit settings',
    env: deployment(),
    body: webhookBody,
    status: 503,
    code: 'not_configured',
  },
];

export const HEALTH_CASES: HttpCase[] = [
  { name: 'a plain GET (names no engine)', status: 200, absent: ['livekit', 'agent', 'reader'] },
  { name: 'HEAD', method: 'HEAD', status: 200 },
  { name: 'POST', method: 'POST', body: {}, status: 404, code: 'not_found' },
  { name: 'PUT', method: 'PUT', body: {}, status: 404 },
  { name: 'DELETE', method: 'DELETE', status: 404 },
  {
    name: 'a query string',
    path: '/api/health?verbose=1&debug=true',
    status: 200,
    absent: ['livekit'],
  },
  {
    name: 'a 4,000-character query string',
    path: `/api/health?${'q'.repeat(4000)}`,
    status: 200,
  },
  { name: 'a trailing slash', path: '/api/health/', status: 404 },
  {
    name: 'a 5,000-character path below it (clipped in the error)',
    path: `/api/health/${'p'.repeat(5000)}`,
    status: 404,
    code: 'not_found',
  },
  { name: 'Origin: null', headers: { origin: 'null' }, status: 403, code: 'forbidden_origin' },
  { name: 'a foreign origin', headers: { origin: 'https://evil.example' }, status: 403 },
  {
    name: 'a forged Cloudflare Access header',
    headers: { 'cf-access-jwt-assertion': 'eyJhbGciOiJub25lIn0.e30.' },
    status: 200,
    absent: ['livekit'],
  },
  {
    name: 'deployed without its reading caps (names the settings)',
    env: deployment({ READING_MAX_MINUTES: undefined, READING_MAX_TOKENS: '0' }),
    status: 503,
    code: 'misconfigured',
    names: ['READING_MAX_MINUTES', 'READING_MAX_TOKENS'],
  },
  {
    name: 'deployed with every secret set (names none)',
    env: deployed({
      OPENAI_API_KEY: SECRETS.OPENAI_API_KEY,
      TURNSTILE_SECRET_KEY: SECRETS.TURNSTILE_SECRET_KEY,
      BMO_AGENT_HEALTH_URL: 'http://agent.hostile.test/health',
    }),
    status: 200,
    absent: ['livekit', 'agent', 'LIVEKIT', 'OPENAI', 'openai', 'reader'],
  },
  {
    name: 'deployed with LOCAL_DEVELOPMENT set to "1" (still deployed)',
    env: deployed({ LOCAL_DEVELOPMENT: '1' }),
    status: 200,
    absent: ['livekit', 'agent'],
  },
  {
    name: 'local development (reports each part)',
    env: { LOCAL_DEVELOPMENT: 'true', ...LIVEKIT },
    status: 200,
    names: ['"livekit":true', '"agent":"unknown"', '"reader":"local"'],
  },
  {
    name: 'local development through a rebound host name',
    env: { LOCAL_DEVELOPMENT: 'true', ...LIVEKIT },
    host: 'rebound.example',
    status: 403,
    code: 'forbidden_host',
  },
];
