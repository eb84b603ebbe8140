/**
 * Abuse controls for the API, applied before any route: secure headers, an origin allowlist
 * enforced on the server (CORS headers alone only stop browsers from reading a response), body
 * size limits, and per-client rate limits through the Workers rate-limit binding.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, errorBody } from './errors.ts';
import { type AppEnv, isLocalDevelopment } from './env.ts';
import { clip, trimEnd } from './reader/text.ts';
import { TURNSTILE_HEADER } from './turnstile.ts';

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
 * passes; tokens are still short-lived and rate-limited. `Origin: null` (a sandboxed frame, a
 * `data:` or `file:` page, some redirects) is an opaque origin that no allowlist can name: refused.
 *
 * The refusal is readable by the refused page: its preflight is answered, so the browser sends the
 * request, and the 403 carries a CORS grant for that origin, so an embed on a site missing from
 * ALLOWED_ORIGINS can say why instead of "could not reach". Nothing runs for it: the request is
 * refused here, before any route.
 */
export const originGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('origin');
  if (!origin) {
    await next();
    return;
  }
  if (origin === 'null') {
    return c.json(
      errorBody(
        'forbidden_origin',
        'A page with an opaque origin (Origin: null) may not use this API.',
      ),
      403,
    );
  }
  const cors = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      ...cors,
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': `Content-Type, ${TURNSTILE_HEADER}`,
      'Access-Control-Max-Age': '600',
    });
  }
  if (!allowedOrigins(c.req.url, c.env?.ALLOWED_ORIGINS).has(origin)) {
    return c.json(
      errorBody('forbidden_origin', `Origin ${clip(origin, 200)} may not use this API.`),
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
 * Who a client is, for rate limits: its address as Cloudflare saw it (`cf-connecting-ip`, which a
 * client cannot set through Cloudflare), with an IPv6 address cut to its /64, since one
 * subscriber holds a whole /64 and can rotate through it freely. Other headers (X-Forwarded-For)
 * are the client's own words and are not trusted.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const ip = address.trim();
  if (!ip.includes(':')) return ip;
  return `${ipv6Prefix64(ip) ?? ip.slice(0, 64)}::/64`;
}

/** The first four hextets of an IPv6 address, expanded and lower-cased, or undefined. */
export function ipv6Prefix64(address: string): string | undefined {
  const bare = address.split('%')[0] ?? '';
  const halves = bare.toLowerCase().split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two hextets.
  const tailCount = tail.reduce((sum, part) => sum + (part.includes('.') ? 2 : 1), 0);
  const missing = 8 - head.length - tailCount;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill('0'), ...tail];
  const first = groups.slice(0, 4);
  if (first.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return first.map((group) => group.replace(/^0+(?=.)/, '')).join(':');
}

/**
 * Per-client rate limit through a Workers rate-limit binding: one factory for every limited route.
 * The key is the client (clientKey) and a scope (the path by default). Without the binding the
 * route fails closed (503) unless this is local development (plain `wrangler dev` binds it too).
 */
export function rateLimiter(options: {
  binding: LimiterName;
  message: string;
  scope?: (path: string) => string;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limiter = c.env?.[options.binding];
    if (!limiter) {
      if (isLocalDevelopment(c.env)) {
        await next();
        return;
      }
      console.error(JSON.stringify({ event: 'rate_limiter_missing', binding: options.binding }));
      throw new ApiError(
        503,
        'not_configured',
        'This service is not available right now. Please try again later.',
      );
    }
    const client = clientKey(c.req.header('cf-connecting-ip'));
    const scope = options.scope ? options.scope(c.req.path) : c.req.path;
    const { success } = await limiter.limit({ key: `${client}:${scope}` });
    if (!success) throw new ApiError(429, 'rate_limited', options.message);
    await next();
  };
}

/** Token minting and the reader's socket: 20 a minute per client and route (wrangler.toml). */
export const rateLimit = rateLimiter({
  binding: 'TOKEN_RATE_LIMITER',
  message: 'Too many requests: wait a minute and try again.',
});
