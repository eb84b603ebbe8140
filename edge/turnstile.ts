/**
 * Optional Cloudflare Turnstile on the token routes. With `TURNSTILE_SECRET_KEY` set, a token
 * request must carry the widget's token in the `X-Turnstile-Token` header (the host page runs the
 * widget and hands its token to our element, which sends it); the edge checks it with siteverify
 * (`TURNSTILE_VERIFY_URL`, default Cloudflare's, a local stand-in in tests) before minting.
 * Without the setting nothing changes, except deployed with OPENAI_API_KEY (turnstileRequired).
 * A token is good once: siteverify refuses a reused one.
 *
 * A pass counts only for the page and the route it was made for: siteverify's `hostname` (where
 * the challenge was solved) must be the host of the page asking (its `Origin`), and its `action`
 * (the widget's, which an attacker cannot change) the route's: `reading` for a reading's token,
 * `bmo` for BMO's. So a solve bought on another site, or made for another form on ours, mints
 * nothing. The host page renders its widget with that action (docs/embedding.md).
 */
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AppEnv, isLocalDevelopment } from './env.ts';
import { ApiError } from './errors.ts';
import { clientAddress } from './client.ts';
import { trimEnd } from '../contracts/text.ts';
import { API_PATHS } from '../contracts/api.ts';

export const TURNSTILE_HEADER = 'X-Turnstile-Token';
export const DEFAULT_TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0';
/** Turnstile tokens are at most 2048 characters. */
const MAX_TOKEN_LENGTH = 2048;
const VERIFY_TIMEOUT_MS = 5_000;

const SiteverifyAnswer = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
  hostname: z.string().optional(),
  action: z.string().optional(),
});

/** The widget action each guarded route takes (any other path: its last segment). */
export const TURNSTILE_ACTIONS: Readonly<Record<string, string>> = {
  [API_PATHS.readingToken]: 'reading',
  [API_PATHS.livekitToken]: 'bmo',
};

function expectedAction(path: string): string {
  return TURNSTILE_ACTIONS[path] ?? path.split('/').pop() ?? '';
}

/** The host of the page that asked: its Origin's, else the request's own. */
function pageHost(origin: string | undefined, url: string): string {
  try {
    return new URL(origin ?? url).hostname;
  } catch {
    return new URL(url).hostname;
  }
}

/**
 * Deployed with OPENAI_API_KEY, a token buys the owner's OpenAI minutes: Turnstile is required,
 * and without TURNSTILE_SECRET_KEY the token routes refuse, unless TURNSTILE_NOT_REQUIRED=true says
 * out loud that scripts may mint (each address up to its daily budget).
 */
export function turnstileRequired(env: AppEnv['Bindings'] | undefined): boolean {
  return (
    Boolean(env?.OPENAI_API_KEY) &&
    !isLocalDevelopment(env) &&
    env?.TURNSTILE_NOT_REQUIRED !== 'true'
  );
}

export const turnstile: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = c.env?.TURNSTILE_SECRET_KEY;
  if (!secret) {
    if (turnstileRequired(c.env)) {
      console.error(
        JSON.stringify({ event: 'turnstile_required', setting: 'TURNSTILE_SECRET_KEY' }),
      );
      throw new ApiError(
        503,
        'not_configured',
        'This service is not available right now. Please try again later.',
      );
    }
    await next();
    return;
  }
  const token = c.req.header(TURNSTILE_HEADER);
  if (!token || token.length > MAX_TOKEN_LENGTH) {
    throw new ApiError(
      401,
      'unauthorized',
      'This site asks for a quick human check first: complete it and try again.',
    );
  }
  const form = new FormData();
  form.set('secret', secret);
  form.set('response', token);
  const address = clientAddress((name) => c.req.header(name));
  if (address) form.set('remoteip', address);
  form.set('idempotency_key', crypto.randomUUID());
  const base = trimEnd(c.env?.TURNSTILE_VERIFY_URL || DEFAULT_TURNSTILE_VERIFY_URL, '/');
  let answer: z.infer<typeof SiteverifyAnswer>;
  try {
    const response = await fetch(`${base}/siteverify`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    answer = SiteverifyAnswer.parse(await response.json());
  } catch {
    console.error(JSON.stringify({ event: 'turnstile_unreachable' }));
    throw new ApiError(
      503,
      'upstream_unavailable',
      'The human check could not be confirmed just now. Try again in a moment.',
    );
  }
  if (!answer.success) {
    console.log(
      JSON.stringify({
        event: 'turnstile_refused',
        codes: (answer['error-codes'] ?? []).slice(0, 5).map((code) => code.slice(0, 40)),
      }),
    );
    throw new ApiError(
      401,
      'unauthorized',
      'The human check did not pass or has expired: complete it again and retry.',
    );
  }
  const host = pageHost(c.req.header('origin'), c.req.url);
  const action = expectedAction(c.req.path);
  if (answer.hostname !== host || answer.action !== action) {
    console.log(
      JSON.stringify({
        event: 'turnstile_refused',
        reason: answer.hostname !== host ? 'hostname' : 'action',
      }),
    );
    throw new ApiError(
      401,
      'unauthorized',
      answer.hostname !== host
        ? 'The human check was completed on another site: complete it on this page and retry.'
        : `The human check was made for something else: this site's widget must use the action "${action}".`,
    );
  }
  await next();
};
