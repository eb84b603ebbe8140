/**
 * Tokens only for pages, and a budget per client: deployed, a token request with no Origin is
 * refused; with OPENAI_API_KEY set, Turnstile is required unless TURNSTILE_NOT_REQUIRED says out
 * loud that it is not; each client (an address, an IPv6 /64) has a daily budget of token minutes
 * in a Durable Object; LOAD_TEST_LIMITS lifts the rate limits under local development only; and
 * local development answers loopback hosts only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import { type Bindings, isLocalDevelopment } from '../../../edge/env.ts';
import { hostName } from '../../../edge/security.ts';
import { deployed, memoryBudgets } from '../../support/edge-env.ts';

const SESSION = '8c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e';
const DEPLOYED = (extra: Partial<Bindings> = {}) =>
  deployed({ READER_TOKEN_SECRET: 'deployed-secret', ...extra });
const refuseAll = { limit: async () => ({ success: false }) };

let logged: string[];
beforeEach(() => {
  logged = [];
  const keep = (...args: unknown[]) => logged.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
});
afterEach(() => vi.restoreAllMocks());

function mint(env: Bindings, headers: Record<string, string | undefined> = {}, host?: string) {
  const base = host ?? (isLocalDevelopment(env) ? '127.0.0.1:8787' : 'edge.test');
  const sent: Record<string, string> = {
    origin: `http://${base}`,
    'content-type': 'application/json',
  };
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) delete sent[name];
    else sent[name] = value;
  }
  return app.request(
    `http://${base}/api/voice/token`,
    { method: 'POST', headers: sent, body: JSON.stringify({ sessionId: SESSION, mode: 'text' }) },
    env,
  );
}

async function code(response: Response): Promise<string> {
  return ApiErrorBody.parse(await response.json()).error.code;
}

describe('deployed, a token request must name an Origin', () => {
  it('refuses one with no Origin on both token routes with origin_required, and logs it', async () => {
    for (const path of ['/api/voice/token', '/api/livekit/token']) {
      const response = await app.request(
        `http://edge.test${path}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
        DEPLOYED(),
      );
      expect(response.status, path).toBe(403);
      const body = ApiErrorBody.parse(await response.json());
      expect(body.error.code).toBe('origin_required');
      expect(body.error.message).toMatch(/named no Origin/);
    }
    expect(logged.filter((line) => line.includes('token_refused_no_origin'))).toHaveLength(2);
  });

  it('mints for the page’s own origin, and lets a local-development request without one through', async () => {
    expect((await mint(DEPLOYED())).status).toBe(200);
    expect((await mint({ LOCAL_DEVELOPMENT: 'true' }, { origin: undefined })).status).toBe(200);
  });
});

describe('with OPENAI_API_KEY, Turnstile is required deployed', () => {
  const openai = (extra: Partial<Bindings> = {}) =>
    DEPLOYED({ OPENAI_API_KEY: 'sk-guard', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', ...extra });

  it('refuses to mint without a Turnstile secret (503 not_configured) and logs the missing setting', async () => {
    const response = await mint(openai());
    expect(response.status).toBe(503);
    expect(await code(response)).toBe('not_configured');
    expect(logged.some((line) => line.includes('"turnstile_required"'))).toBe(true);
  });

  it('mints when TURNSTILE_NOT_REQUIRED=true turns it off out loud', async () => {
    const response = await mint(openai({ TURNSTILE_NOT_REQUIRED: 'true' }));
    expect(response.status).toBe(200);
    expect(String(Reflect.get(await response.json(), 'token'))).toMatch(/^ek_relay_/);
  });

  it('asks for the human check once a Turnstile secret is set', async () => {
    const response = await mint(openai({ TURNSTILE_SECRET_KEY: 'ts' }));
    expect(response.status).toBe(401);
  });
});

describe('a daily budget of token minutes per client', () => {
  it('two clients: one that used its minutes is refused with budget_exhausted, the other still mints', async () => {
    const charged: string[] = [];
    // A reading token costs its cap: 30 minutes each, 60 a day.
    const env = DEPLOYED({ CLIENT_BUDGETS: memoryBudgets(charged), DAILY_TOKEN_MINUTES: '60' });
    const first = { 'cf-connecting-ip': '198.51.100.7' };
    const second = { 'cf-connecting-ip': '203.0.113.20' };
    expect((await mint(env, first)).status).toBe(200);
    expect((await mint(env, first)).status).toBe(200);
    const refused = await mint(env, first);
    expect(refused.status).toBe(429);
    const body = ApiErrorBody.parse(await refused.json());
    expect(body.error.code).toBe('budget_exhausted');
    expect(body.error.message).toContain('60 minutes');
    expect((await mint(env, second)).status).toBe(200);
    expect(new Set(charged)).toEqual(new Set(['198.51.100.7', '203.0.113.20']));
  });

  it('counts an IPv6 /64 as one client', async () => {
    const env = DEPLOYED({ CLIENT_BUDGETS: memoryBudgets(), DAILY_TOKEN_MINUTES: '30' });
    expect((await mint(env, { 'cf-connecting-ip': '2001:db8:5:6::1' })).status).toBe(200);
    const rotated = await mint(env, { 'cf-connecting-ip': '2001:db8:5:6:ffff::9' });
    expect(await code(rotated)).toBe('budget_exhausted');
    expect((await mint(env, { 'cf-connecting-ip': '2001:db8:5:7::1' })).status).toBe(200);
  });

  it('charges a LiveKit token its lifetime', async () => {
    const env = DEPLOYED({
      CLIENT_BUDGETS: memoryBudgets(),
      DAILY_TOKEN_MINUTES: '9',
      LIVEKIT_TOKEN_TTL_SECONDS: '600',
    });
    const response = await app.request(
      'http://edge.test/api/livekit/token',
      { method: 'POST', headers: { origin: 'http://edge.test' } },
      env,
    );
    expect(await code(response)).toBe('budget_exhausted');
  });

  it('fails closed deployed without its Durable Object binding, naming no binding', async () => {
    const response = await mint(DEPLOYED({ CLIENT_BUDGETS: undefined }));
    expect(response.status).toBe(503);
    expect(await response.text()).not.toMatch(/BUDGET|binding/i);
  });
});

describe('LOAD_TEST_LIMITS', () => {
  it('lifts the rate limits under local development', async () => {
    const local = { LOCAL_DEVELOPMENT: 'true', TOKEN_RATE_LIMITER: refuseAll };
    expect((await mint(local)).status).toBe(429);
    expect((await mint({ ...local, LOAD_TEST_LIMITS: 'true' })).status).toBe(200);
  });

  it('is refused deployed: every API request answers 503 and the log says why', async () => {
    const response = await mint(DEPLOYED({ LOAD_TEST_LIMITS: 'true' }));
    expect(response.status).toBe(503);
    expect(await code(response)).toBe('not_configured');
    const health = await app.request(
      'http://edge.test/api/health',
      {},
      DEPLOYED({ LOAD_TEST_LIMITS: 'true' }),
    );
    expect(health.status).toBe(503);
    expect(logged.some((line) => line.includes('load_test_limits_deployed'))).toBe(true);
  });
});

describe('local development answers loopback only', () => {
  it.each(['127.0.0.1:8787', 'localhost:5173', '[::1]:8787', 'localhost', '127.0.0.1'])(
    'answers %s',
    async (host) => {
      expect((await mint({ LOCAL_DEVELOPMENT: 'true' }, {}, host)).status).toBe(200);
    },
  );

  it.each([
    'rebound.example:8787',
    'rebound.example',
    '127.0.0.1.nip.io',
    'localhost.evil.example',
    '10.0.0.5:8787',
  ])('refuses %s with forbidden_host, on the API and the page', async (host) => {
    const response = await mint({ LOCAL_DEVELOPMENT: 'true' }, {}, host);
    expect(response.status).toBe(403);
    expect(await code(response)).toBe('forbidden_host');
    const page = await app.request(`http://${host}/`, {}, { LOCAL_DEVELOPMENT: 'true' });
    expect(page.status).toBe(403);
  });

  it('reads a Host header’s name without its port', () => {
    expect(hostName('[::1]:8787')).toBe('[::1]');
    expect(hostName('LocalHost:1')).toBe('localhost');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
  });
});
