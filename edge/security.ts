/**
 * Abuse controls for the API, applied before any route: secure headers, an origin allowlist
 * enforced on the server (CORS headers alone only stop browsers from reading a response), body
 * size limits, and per-client rate limits through the Workers rate-limit binding.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, errorBody } from './errors.ts';
import { type AppEnv, isLocalDevelopment } from './env.ts';
import { clip, trimEnd } from '../contracts/text.ts';
import { TURNSTILE_HEADER } from './turnstile.ts';
import { clientAddress, clientKey } from './client.ts';

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
      // Authorization and X-OpenAI-Agents-SDK: the SDK's WebRTC offer to /api/voice/calls.
      'Access-Control-Allow-Headers': `Content-Type, ${TURNSTILE_HEADER}, Authorization, X-OpenAI-Agents-SDK`,
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

/**
 * Deployed, a token request must name an allowed Origin: browsers send one on every POST, so a
 * request without one is a script. A script can forge the header; this stops the lazy ones and
 * makes the rest visible in the logs. Local development (one machine, loopback only) lets
 * `curl` through.
 */
export const pageOriginRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header('origin') && !isLocalDevelopment(c.env)) {
    console.log(JSON.stringify({ event: 'token_refused_no_origin', path: clip(c.req.path, 80) }));
    return c.json(
      errorBody(
        'origin_required',
        'Tokens are handed out only to pages: this request named no Origin.',
      ),
      403,
    );
  }
  await next();
};

/** The hosts a developer's own machine answers to; any port. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The host name of a Host header, without its port (`[::1]:8787` → `[::1]`). */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const close = trimmed.indexOf(']');
    return close === -1 ? trimmed : trimmed.slice(0, close + 1);
  }
  const colon = trimmed.indexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

/**
 * Local development answers loopback only: a request whose Host is not 127.0.0.1, localhost or
 * [::1] is refused, so a page that rebinds its DNS name to 127.0.0.1 reaches nothing (it would
 * otherwise be "the page's own origin", and the owner of BMO's notes).
 */
export const loopbackOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLocalDevelopment(c.env)) {
    await next();
    return;
  }
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  if (!LOOPBACK_HOSTS.has(hostName(host))) {
    return c.json(
      errorBody(
        'forbidden_host',
        'Local development answers on 127.0.0.1, localhost or [::1] only; this request named another host.',
      ),
      403,
    );
  }
  await next();
};

/**
 * `LOAD_TEST_LIMITS=true` lifts the per-client rate limits for a load test on a developer's own
 * machine. Deployed it would lift them for everyone, so a deployment that sets it refuses every
 * API request, and says why in its log.
 */
export function loadTestLimits(env: AppEnv['Bindings'] | undefined): boolean {
  return isLocalDevelopment(env) && env?.LOAD_TEST_LIMITS === 'true';
}

export const loadTestLimitsGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env?.LOAD_TEST_LIMITS && !isLocalDevelopment(c.env)) {
    console.error(JSON.stringify({ event: 'load_test_limits_deployed' }));
    throw new ApiError(
      503,
      'not_configured',
      'This service is not available right now. Please try again later.',
    );
  }
  await next();
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
    if (loadTestLimits(c.env)) {
      await next();
      return;
    }
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
    const client = clientKey(clientAddress((name) => c.req.header(name)));
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
