/**
 * Abuse controls on the token routes: an opaque `Origin: null` is refused, the
 * rate-limit key is the client's /64 for IPv6 (and never a header the client writes), a missing
 * rate-limit binding fails closed outside local development, and with TURNSTILE_SECRET_KEY set a
 * token needs a Turnstile token that siteverify (a local stand-in here) accepts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import { type Bindings, isLocalDevelopment } from '../../../edge/env.ts';
import { clientKey } from '../../../edge/client.ts';
import { DEPLOYED_CAPS, allowAll, deployed } from '../../support/edge-env.ts';

const SESSION = '8c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e';
/** A deployment with its reader secret and rate limiters. */
const DEPLOYED = (extra: Partial<Bindings> = {}) =>
  deployed({ READER_TOKEN_SECRET: 'deployed-secret', ...extra });

function mintVoice(env: Bindings, headers: Record<string, string> = {}) {
  // Local development answers loopback only; a page names its origin.
  const origin = isLocalDevelopment(env) ? 'http://127.0.0.1:8787' : 'http://edge.test';
  return app.request(
    `${origin}/api/voice/token`,
    {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ sessionId: SESSION, mode: 'text' }),
    },
    env,
  );
}

describe('Origin: null', () => {
  it('is refused on both token routes with 403, and nothing is minted', async () => {
    for (const path of ['/api/voice/token', '/api/livekit/token']) {
      const response = await app.request(
        `http://edge.test${path}`,
        {
          method: 'POST',
          headers: { origin: 'null', 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId: SESSION, mode: 'text' }),
        },
        DEPLOYED(),
      );
      expect(response.status, path).toBe(403);
      const text = await response.text();
      expect(ApiErrorBody.parse(JSON.parse(text)).error.code).toBe('forbidden_origin');
      expect(text).not.toContain('ek_');
    }
  });

  it('is refused on the reader’s socket too', async () => {
    const response = await app.request(
      'http://edge.test/api/reader/realtime',
      { headers: { origin: 'null', upgrade: 'websocket' } },
      DEPLOYED(),
    );
    expect(response.status).toBe(403);
  });
});

describe('the rate-limit key', () => {
  it('is the /64 for IPv6, however the address is written', () => {
    const key = clientKey('2001:db8:abcd:12::1');
    expect(key).toBe('2001:db8:abcd:12::/64');
    expect(clientKey('2001:0db8:abcd:0012:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:DB8:ABCD:12:1:2:3:4')).toBe(key);
    expect(clientKey('2001:db8:abcd:13::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('is the whole address for IPv4, and "unknown" without one', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey(undefined)).toBe('unknown');
  });

  it('keys two addresses of one /64 together, and ignores X-Forwarded-For', async () => {
    const keys: string[] = [];
    const env = DEPLOYED({ TOKEN_RATE_LIMITER: allowAll(keys) });
    await mintVoice(env, { 'cf-connecting-ip': '2001:db8:1:2::aaaa' });
    await mintVoice(env, {
      'cf-connecting-ip': '2001:db8:1:2:ffff::1',
      'x-forwarded-for': '9.9.9.9',
    });
    expect(keys).toEqual([
      '2001:db8:1:2::/64:/api/voice/token',
      '2001:db8:1:2::/64:/api/voice/token',
    ]);
  });
});

describe('an IPv6 client behind Cloudflare’s Pseudo IPv4', () => {
  it('is keyed by its real address’s /64 (cf-connecting-ipv6), not the made-up IPv4 of each address', async () => {
    const keys: string[] = [];
    const env = DEPLOYED({ TOKEN_RATE_LIMITER: allowAll(keys) });
    // Pseudo IPv4 gives each IPv6 address its own Class E address in cf-connecting-ip.
    await mintVoice(env, {
      'cf-connecting-ip': '240.16.0.1',
      'cf-connecting-ipv6': '2001:db8:1:2::aaaa',
    });
    await mintVoice(env, {
      'cf-connecting-ip': '240.16.0.2',
      'cf-connecting-ipv6': '2001:db8:1:2:ffff::1',
    });
    expect(keys).toEqual([
      '2001:db8:1:2::/64:/api/voice/token',
      '2001:db8:1:2::/64:/api/voice/token',
    ]);
  });
});

describe('a missing rate-limit binding', () => {
  it('fails closed outside local development, naming no binding', async () => {
    const response = await mintVoice({ ...DEPLOYED_CAPS, READER_TOKEN_SECRET: 'deployed-secret' });
    expect(response.status).toBe(503);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.error.code).toBe('not_configured');
    expect(body.error.message).not.toMatch(/RATE|LIMIT|binding/i);
  });

  it('lets local development through (wrangler dev binds it anyway)', async () => {
    const response = await mintVoice({ LOCAL_DEVELOPMENT: 'true' });
    expect(response.status).toBe(200);
  });
});

describe('Turnstile', () => {
  let server: Server;
  let base: string;
  const received: URLSearchParams[] = [];
  beforeAll(async () => {
    // A local stand-in for siteverify, answering as Cloudflare's does: each token it knows was
    // solved on a site (hostname) by a widget (action); any other token fails.
    const solved: Record<string, { hostname: string; action: string }> = {
      'good-token': { hostname: 'edge.test', action: 'reading' },
      'solved-elsewhere': { hostname: 'solver.example', action: 'reading' },
      'solved-for-bmo': { hostname: 'edge.test', action: 'bmo' },
      'solved-without-action': { hostname: 'edge.test', action: '' },
    };
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', async () => {
        const form = await new Response(body, {
          headers: { 'content-type': request.headers['content-type'] ?? '' },
        }).formData();
        const fields = new URLSearchParams();
        for (const [name, value] of form) fields.set(name, String(value));
        received.push(fields);
        const pass =
          request.url === '/turnstile/v0/siteverify'
            ? solved[fields.get('response') ?? '']
            : undefined;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            pass
              ? {
                  success: true,
                  'error-codes': [],
                  challenge_ts: new Date().toISOString(),
                  ...pass,
                }
              : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const withTurnstile = () =>
    DEPLOYED({ TURNSTILE_SECRET_KEY: 'turnstile-secret', TURNSTILE_VERIFY_URL: base });

  it('asks for a Turnstile token when the secret is set', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const missing = await mintVoice(withTurnstile());
    expect(missing.status).toBe(401);
    expect(ApiErrorBody.parse(await missing.json()).error.message).toMatch(/human check/);
    vi.restoreAllMocks();
  });

  it('refuses a token siteverify refuses, and mints for one it accepts, sending it the secret', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const refused = await mintVoice(withTurnstile(), { 'X-Turnstile-Token': 'forged' });
    expect(refused.status).toBe(401);
    const accepted = await mintVoice(withTurnstile(), {
      'X-Turnstile-Token': 'good-token',
      'cf-connecting-ip': '203.0.113.5',
    });
    expect(accepted.status).toBe(200);
    const last = received.at(-1);
    expect(last?.get('secret')).toBe('turnstile-secret');
    expect(last?.get('remoteip')).toBe('203.0.113.5');
    vi.restoreAllMocks();
  });

  it('refuses a pass solved on another site, or made for another form, saying which', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const elsewhere = await mintVoice(withTurnstile(), { 'X-Turnstile-Token': 'solved-elsewhere' });
    expect(elsewhere.status).toBe(401);
    expect(ApiErrorBody.parse(await elsewhere.json()).error.message).toMatch(/another site/);
    for (const token of ['solved-for-bmo', 'solved-without-action']) {
      const refused = await mintVoice(withTurnstile(), { 'X-Turnstile-Token': token });
      expect(refused.status, token).toBe(401);
      const text = await refused.text();
      expect(ApiErrorBody.parse(JSON.parse(text)).error.message).toContain('"reading"');
      expect(text).not.toContain('ek_');
    }
    // The same pass for BMO's widget is good on BMO's route.
    const bmo = await app.request(
      'http://edge.test/api/livekit/token',
      {
        method: 'POST',
        headers: {
          origin: 'http://edge.test',
          'content-type': 'application/json',
          'X-Turnstile-Token': 'solved-for-bmo',
        },
        body: '{}',
      },
      withTurnstile(),
    );
    expect(await bmo.text()).not.toMatch(/human check/);
    vi.restoreAllMocks();
  });

  it('answers 503 when siteverify cannot be reached, and mints nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await mintVoice(
      DEPLOYED({ TURNSTILE_SECRET_KEY: 's', TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/x' }),
      { 'X-Turnstile-Token': 'good-token' },
    );
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain('ek_');
    vi.restoreAllMocks();
  });

  it('changes nothing when the secret is unset', async () => {
    expect((await mintVoice(DEPLOYED())).status).toBe(200);
  });

  it('lets a browser send the header: the preflight allows it', async () => {
    const preflight = await app.request(
      'http://edge.test/api/voice/token',
      { method: 'OPTIONS', headers: { origin: 'http://edge.test' } },
      withTurnstile(),
    );
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-Turnstile-Token');
  });
});
