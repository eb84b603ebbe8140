/**
 * Abuse controls for the API, applied before any route: secure headers, an origin allowlist
 * enforced on the server (CORS headers alone only stop browsers from reading a response), body
 * size limits, and per-client rate limits through the Workers rate-limit binding.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, errorBody } from './errors.ts';
import type { AppEnv } from './env.ts';
import { trimEnd } from './reader/text.ts';

/** Largest request body any API route accepts. */
export const MAX_BODY_BYTES = 8 * 1024;

/** Origins allowed to call the API: the page's own origin plus `ALLOWED_ORIGINS`. */
export function allowedOrigins(requestUrl: string, setting: string | undefined): Set<string> {
  const origins = new Set([new URL(requestUrl).origin]);
  for (const entry of (setting ?? '').split(',')) {
    const trimmed = entry.trim();
    if (trimmed) origins.add(trimEnd(trimmed, '/'));
  }
  return origins;
}

/**
 * Refuses a browser request from an origin that is not allowed. A request without an Origin header
 * is not a cross-site browser request (browsers send Origin on every POST and WebSocket), so it
 * passes; tokens are still short-lived and rate-limited.
 *
 * The refusal is readable by the refused page: its preflight is answered, so the browser sends the
 * request, and the 403 carries a CORS grant for that origin, so an embed on a site missing from
 * ALLOWED_ORIGINS can say why instead of "could not reach". Nothing runs for it: the request is
 * refused here, before any route.
 */
export const originGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('origin');
  if (!origin || origin === 'null') {
    await next();
    return;
  }
  const cors = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      ...cors,
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': '600',
    });
  }
  if (!allowedOrigins(c.req.url, c.env?.ALLOWED_ORIGINS).has(origin)) {
    return c.json(
      errorBody('forbidden_origin', `Origin ${origin} may not use this API.`),
      403,
      cors,
    );
  }
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', origin);
  c.res.headers.append('Vary', 'Origin');
};

export const limitBody: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(
      413,
      'payload_too_large',
      `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`,
    );
  },
});

/** The rate-limit bindings of `Bindings`. */
type LimiterName = 'TOKEN_RATE_LIMITER' | 'EVENTS_RATE_LIMITER';

/**
 * Per-client rate limit through a Workers rate-limit binding: one factory for every limited route.
 * The key is the client's address and a scope (the path by default). Without the binding (plain
 * Node tests) it lets all through.
 */
export function rateLimit(options: {
  binding: LimiterName;
  message: string;
  scope?: (path: string) => string;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limiter = c.env?.[options.binding];
    if (limiter) {
      const client = c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for') ?? 'local';
      const scope = options.scope ? options.scope(c.req.path) : c.req.path;
      const { success } = await limiter.limit({ key: `${client}:${scope}` });
      if (!success) throw new ApiError(429, 'rate_limited', options.message);
    }
    await next();
  };
}

/** Token minting: 20 a minute per client and route (wrangler.toml). */
export const tokenRateLimit = rateLimit({
  binding: 'TOKEN_RATE_LIMITER',
  message: 'Too many requests: wait a minute and try again.',
});
