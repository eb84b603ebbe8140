/**
 * The edge app: the API under /api, with one error shape for everything, and the built page as
 * static assets (wrangler serves files first; the worker sees /api/*, the page routes and misses,
 * see pages.ts).
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { API_PATHS, type HealthResponse } from '../contracts/api-schema.ts';
import { type AppEnv, isLocalDevelopment } from './env.ts';
import { ApiError, errorBody, errorResponse } from './errors.ts';
import { startupWarnings } from './identity.ts';
import { servePage } from './pages.ts';
import { turnstile } from './turnstile.ts';
import { tokenBudget } from './budget.ts';
import { ceilingHealth } from './ceiling.ts';
import {
  limitBody,
  loadTestLimitsGuard,
  loopbackOnly,
  originGuard,
  pageOriginRequired,
  rateLimit,
} from './security.ts';
import { BENCH_NOOP_PATH, benchRoutes, localDevelopmentOnly } from './routes/bench.ts';
import { eventsRoutes } from './routes/events.ts';
import { livekitTokenMinutes, livekitTokenRoutes } from './routes/livekit-token.ts';
import { livekitWebhookRoutes } from './routes/livekit-webhook.ts';
import { readerHears } from './reader/hearing.ts';
import { readerRoutes } from './routes/reader.ts';
import { relayRoutes } from './routes/relay.ts';
import { voiceCallRoutes } from './routes/voice-calls.ts';
import { MISCONFIGURED_MESSAGE, capProblems, capsRequired } from './realtime/caps.ts';
import { voiceTokenMinutes, readingTokenRoutes } from './routes/reading-token.ts';

export const app = new Hono<AppEnv>();

/**
 * The edge's start-up log: a Worker has no start hook with its settings, so the first request an
 * isolate serves logs `edge_start` with what the settings leave wrong (identity.ts), if anything.
 */
let started = false;
app.use('*', async (c, next) => {
  if (!started) {
    started = true;
    const warnings = startupWarnings(c.env);
    if (warnings.length > 0) console.error(JSON.stringify({ event: 'edge_start', warnings }));
  }
  await next();
});

app.use('*', loopbackOnly);
app.use('/api/*', loadTestLimitsGuard);
app.use('/api/*', secureHeaders({ crossOriginResourcePolicy: 'same-site' }));
app.use('/api/*', originGuard);
app.use('/api/*', limitBody);
app.use('/api/bench/*', localDevelopmentOnly);
/**
 * The token routes, and the benchmark's no-op baseline behind the very same guards (it exists only
 * in local development, see routes/bench.ts).
 */
const TOKEN_GUARDED_PATHS = ['/api/*/token', BENCH_NOOP_PATH];
for (const path of TOKEN_GUARDED_PATHS) {
  app.use(path, capsRequired);
  app.use(path, pageOriginRequired);
  app.use(path, rateLimit);
  app.use(path, turnstile);
}
app.use(API_PATHS.readingToken, tokenBudget(voiceTokenMinutes));
app.use(API_PATHS.livekitToken, tokenBudget(livekitTokenMinutes));

/** Whether the agent worker's health endpoint answers 200 within a short wait. */
async function agentHealth(url: string | undefined): Promise<'up' | 'down' | 'unknown'> {
  if (!url) return 'unknown';
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(500) });
    return response.ok ? 'up' : 'down';
  } catch {
    return 'down';
  }
}

app.get('/api/health', async (c) => {
  const env = c.env ?? {};
  // A deployment that hands out nothing says why, setting by setting: its owner looks here first.
  const problems = capProblems(env);
  if (problems.length > 0) {
    const issues = problems.map(({ setting, message }) => ({ path: setting, message }));
    return c.json(errorBody('misconfigured', MISCONFIGURED_MESSAGE, issues), 503, {
      'Cache-Control': 'no-store',
    });
  }
  const body: HealthResponse = { status: 'ok', time: new Date().toISOString() };
  const ceiling = await ceilingHealth(env);
  if (ceiling) body.ceiling = ceiling;
  // the engine and each part of BMO, only on a developer's own machine: deployed, health names
  // no engine and no key (the token answer names the engine to the page that asked for one)
  if (isLocalDevelopment(env)) {
    body.reader = env.OPENAI_API_KEY ? 'openai' : 'local';
    if (body.reader === 'local') body.hears = readerHears(env);
    body.livekit = Boolean(env.LIVEKIT_URL && env.LIVEKIT_API_KEY && env.LIVEKIT_API_SECRET);
    body.agent = await agentHealth(env.BMO_AGENT_HEALTH_URL);
  }
  return c.json(body, 200, { 'Cache-Control': 'no-store' });
});

app.route('/api/voice', readingTokenRoutes);
app.route('/api/voice', voiceCallRoutes);
app.route('/api/voice', relayRoutes);
app.route('/api/reader', readerRoutes);
app.route('/api/livekit', livekitTokenRoutes);
app.route('/api/livekit', livekitWebhookRoutes);
app.route('/api/events', eventsRoutes);
app.route('/api/bench', benchRoutes);

app.notFound(async (c) => {
  // Page routes get the single-page app; a missing file (an /embed/ script, say) stays a 404.
  const page = await servePage(c);
  if (page) return page;
  return c.json(
    errorBody('not_found', `No route for ${c.req.method} ${clipPath(c.req.path)}.`),
    404,
  );
});

/** A path as it may appear in an error: clipped, so a long request line is not echoed whole. */
function clipPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

app.onError((err, c) => {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code =
      status === 413
        ? 'payload_too_large'
        : status === 415
          ? 'unsupported_media_type'
          : status === 401
            ? 'unauthorized'
            : 'bad_request';
    const message =
      status === 400 && /content-type/i.test(err.message)
        ? 'Send the request body as JSON (Content-Type: application/json).'
        : err.message || 'Bad request.';
    return c.json(
      errorBody(code, message),
      status === 413 || status === 415 || status === 401 ? status : 400,
    );
  }
  console.error(
    JSON.stringify({ event: 'edge_error', path: c.req.path, name: err.name, message: err.message }),
  );
  return c.json(errorBody('internal', 'Something went wrong on our side. Try again.'), 500);
});

export type App = typeof app;
