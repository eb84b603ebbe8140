/**
 * The benchmark's baseline, `POST /api/bench/noop`: it exists only in local development (a 404
 * like any unknown route anywhere else, so a deployment offers no free endpoint), and in local
 * development it sits behind the token routes' own guards (origin check, body limit, rate limit,
 * Turnstile), so the bench compares the routes' own work and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../../contracts/api-schema.ts';
import { app } from '../../../edge/app.ts';
import type { Bindings, RateLimitBinding } from '../../../edge/env.ts';
import { MAX_BODY_BYTES } from '../../../edge/security.ts';
import { allowAll, deployed } from '../../support/edge-env.ts';

const LOCAL = (extra: Partial<Bindings> = {}): Bindings => ({
  LOCAL_DEVELOPMENT: 'true',
  ...extra,
});

function noop(env: Bindings, init: { headers?: Record<string, string>; body?: string } = {}) {
  // Local development answers loopback only.
  return app.request(
    'http://127.0.0.1:8787/api/bench/noop',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.body ?? '{}',
    },
    env,
  );
}

describe('POST /api/bench/noop outside local development', () => {
  it.each([
    ['deployed, with its rate limiters', deployed()],
    ['LOCAL_DEVELOPMENT unset', {}],
    ['LOCAL_DEVELOPMENT other than "true"', deployed({ LOCAL_DEVELOPMENT: 'yes' })],
  ])('answers 404 in the common shape (%s)', async (_name, env: Bindings) => {
    const response = await noop(env);
    expect(response.status).toBe(404);
    const body = ApiErrorBody.parse(await response.json());
    expect(body.error).toEqual({
      code: 'not_found',
      message: 'No route for POST /api/bench/noop.',
    });
  });
});

describe('POST /api/bench/noop in local development', () => {
  it('answers a small JSON body, not cached', async () => {
    const response = await noop(LOCAL());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('passes the token routes’ rate limit, keyed by client and its own path', async () => {
    const keys: string[] = [];
    const response = await noop(LOCAL({ TOKEN_RATE_LIMITER: allowAll(keys) }), {
      headers: { 'cf-connecting-ip': '203.0.113.7' },
    });
    expect(response.status).toBe(200);
    expect(keys).toEqual(['203.0.113.7:/api/bench/noop']);

    const refuseAll: RateLimitBinding = { limit: async () => ({ success: false }) };
    const limited = await noop(LOCAL({ TOKEN_RATE_LIMITER: refuseAll }));
    expect(limited.status).toBe(429);
    expect(ApiErrorBody.parse(await limited.json()).error.code).toBe('rate_limited');
  });

  it('passes the origin check and the body limit', async () => {
    const foreign = await noop(LOCAL(), { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(ApiErrorBody.parse(await foreign.json()).error.code).toBe('forbidden_origin');

    const large = await noop(LOCAL(), {
      body: JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(large.status).toBe(413);
    expect(ApiErrorBody.parse(await large.json()).error.code).toBe('payload_too_large');
  });

  it('passes Turnstile: with a secret set it asks for the human check', async () => {
    const response = await noop(LOCAL({ TURNSTILE_SECRET_KEY: 'turnstile-secret' }));
    expect(response.status).toBe(401);
    expect(ApiErrorBody.parse(await response.json()).error.message).toMatch(/human check/);
  });
});
