/**
 * `POST /api/bench/noop` (mounted at `/api/bench`): the edge benchmark's baseline
 * (tests/bench/edge.bench.ts). It passes through exactly the middleware the token routes pass
 * through (secure headers, the origin check, the body limit, the per-client rate limit and
 * Turnstile, see `TOKEN_GUARDED_PATHS` in app.ts) and then does nothing: it reads no body and
 * answers a small JSON body. A token route's cost beyond it is the route's own work (validation,
 * signing, the LiveKit room).
 *
 * It exists only on a developer's own machine (`isLocalDevelopment`: `npm start`, `npm run dev`
 * and the test harnesses, which `npm run bench` uses). Anywhere else it is a 404 like any unknown
 * route (`localDevelopmentOnly`, before any other guard): fail closed, so a deployment never offers
 * a free endpoint.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { type AppEnv, isLocalDevelopment } from '../env.ts';

/** Where the baseline answers once mounted. */
export const BENCH_NOOP_PATH = '/api/bench/noop';

/**
 * Runs first on `/api/bench/*`, before the rate limit (which would answer 503 where its binding is
 * missing): outside local development the path is a 404, whatever else is configured.
 */
export const localDevelopmentOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLocalDevelopment(c.env)) return c.notFound();
  await next();
};

export const benchRoutes = new Hono<AppEnv>().post('/noop', (c) =>
  c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' }),
);
