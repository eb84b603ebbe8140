import { describe, expect, it } from 'vitest';
import { ApiErrorBody, HealthResponse } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import type { Bindings } from '../../../edge/env.ts';
import { DEPLOYED_CAPS } from '../../support/edge-env.ts';

/** An edge as deployed with its reading caps set (deployed, the token routes need them). */
const env = (extra: Partial<Bindings> = {}): Bindings => ({ ...DEPLOYED_CAPS, ...extra });

describe('GET /api/health', () => {
  it('answers ok and says the reader is local when no OpenAI key is set', async () => {
    const response = await app.request('/api/health', {}, env({ LOCAL_DEVELOPMENT: 'true' }));
    expect(response.status).toBe(200);
    const body = HealthResponse.parse(await response.json());
    expect(body).toMatchObject({ status: 'ok', reader: 'local', livekit: false, agent: 'unknown' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('says the reader is OpenAI and LiveKit is configured when their settings are there', async () => {
    const response = await app.request(
      '/api/health',
      {},
      env({
        LOCAL_DEVELOPMENT: 'true',
        OPENAI_API_KEY: 'sk-test',
        LIVEKIT_URL: 'ws://x',
        LIVEKIT_API_KEY: 'k',
        LIVEKIT_API_SECRET: 's',
      }),
    );
    const body = HealthResponse.parse(await response.json());
    expect(body.reader).toBe('openai');
    expect(body.livekit).toBe(true);
    expect(JSON.stringify(body)).not.toContain('sk-test');
  });

  it('sends secure headers', async () => {
    const response = await app.request('/api/health', {}, env());
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('the one error shape', () => {
  it('answers an unknown API route with a 404 in the common shape', async () => {
    const response = await app.request('/api/nope', { method: 'POST' }, env());
    expect(response.status).toBe(404);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.error).toEqual({ code: 'not_found', message: 'No route for POST /api/nope.' });
  });

  it('serves the single-page app for an unknown page route when assets are bound', async () => {
    const requested: string[] = [];
    const response = await app.request(
      '/reading/somewhere',
      {},
      env({
        ASSETS: {
          fetch: async (request: Request) => {
            requested.push(new URL(request.url).pathname);
            return new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
          },
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(requested).toEqual(['/']);
  });
});

describe('abuse controls', () => {
  it('refuses a browser request from an origin that is not allowed, in the common shape', async () => {
    const response = await app.request(
      'http://edge.test/api/health',
      { headers: { origin: 'https://evil.example' } },
      env(),
    );
    expect(response.status).toBe(403);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.error.code).toBe('forbidden_origin');
    expect(body.error.message).toContain('https://evil.example');
    // Readable by the refused page, so an embed there can say why.
    expect(response.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });

  it('answers a refused origin’s preflight, then refuses its request before any route runs', async () => {
    const preflight = await app.request(
      'http://edge.test/api/voice/token',
      {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      },
      env(),
    );
    expect(preflight.status).toBe(204);
    const post = await app.request(
      'http://edge.test/api/voice/token',
      {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: '7d2c3a52-5f0e-4d43-9a52-3a3f4a3b2c1d', mode: 'text' }),
      },
      env(),
    );
    expect(post.status).toBe(403);
    const text = await post.text();
    expect(ApiErrorBody.parse(JSON.parse(text)).error.code).toBe('forbidden_origin');
    expect(text).not.toContain('ek_');
  });

  it('lets the page’s own origin and configured origins through, with CORS for the latter', async () => {
    const own = await app.request(
      'http://edge.test/api/health',
      { headers: { origin: 'http://edge.test' } },
      env(),
    );
    expect(own.status).toBe(200);
    const partner = await app.request(
      'http://edge.test/api/health',
      { headers: { origin: 'https://partner.example' } },
      env({ ALLOWED_ORIGINS: 'https://other.example, https://partner.example/' }),
    );
    expect(partner.status).toBe(200);
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.example');
  });

  it('refuses a body over the limit with 413 in the common shape', async () => {
    const response = await app.request(
      '/api/voice/token',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '20000' },
        body: JSON.stringify({ padding: 'x'.repeat(20_000) }),
      },
      env(),
    );
    expect(response.status).toBe(413);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.error.code).toBe('payload_too_large');
  });

  it('answers 429 in the common shape when the rate limiter says no, and passes when it says yes', async () => {
    let allow = false;
    const keys: string[] = [];
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: allow };
      },
    };
    const refused = await app.request(
      '/api/livekit/token',
      {
        method: 'POST',
        headers: { origin: 'http://localhost', 'cf-connecting-ip': '203.0.113.9' },
      },
      env({ TOKEN_RATE_LIMITER: limiter }),
    );
    expect(refused.status).toBe(429);
    expect(ApiErrorBody.parse(await refused.json()).error.code).toBe('rate_limited');
    expect(keys).toEqual(['203.0.113.9:/api/livekit/token']);
    allow = true;
    const passed = await app.request(
      '/api/livekit/token',
      {
        method: 'POST',
        headers: { origin: 'http://localhost', 'cf-connecting-ip': '203.0.113.9' },
      },
      env({ TOKEN_RATE_LIMITER: limiter }),
    );
    expect(passed.status).not.toBe(429);
  });
});
