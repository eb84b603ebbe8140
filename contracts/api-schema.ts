/**
 * The edge API's shared shapes as zod schemas: the one error body every route answers with, and
 * the health check. The `api` pair's schema half: the routes and headers are `api.ts`, re-exported
 * here, so a first load names them without zod.
 */
import { z } from 'zod';
import { ERROR_CODES } from './api-error.ts';
import { ReadingEngine } from './reading-token.ts';

export { API_PATHS, TURNSTILE_HEADER, type ApiPath } from './api.ts';
export { ERROR_CODES } from './api-error.ts';

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error from the edge: `{ "error": { "code", "message", "issues"? } }`. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    /** Which fields failed validation, when the request body was the problem. */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/**
 * `GET /api/health`: the edge is up, and which engine a reading uses (the page picks its transport
 * from it). In local development (`npm start`, `npm run dev`) it also reports each part of BMO:
 * whether LiveKit is configured and whether the agent worker answers. Deployed, it says nothing
 * more, so it never tells a stranger which secrets are set. A deployment that hands out no session
 * at all answers 503 `misconfigured` in the error shape instead, each missing limit an issue (a
 * limit is no secret).
 */
export const HealthResponse = z.object({
  status: z.literal('ok'),
  /** Local development only: the engine behind readings (deployed, the token answer names it). */
  reader: ReadingEngine.optional(),
  /** Local development only: the offline reader hears English speech (a recognizer is configured). */
  hears: z.boolean().optional(),
  /** Local development only: LiveKit's URL, key and secret are all set. */
  livekit: z.boolean().optional(),
  /** Local development only: the BMO agent worker's health endpoint answered (`unknown`: not asked). */
  agent: z.enum(['up', 'down', 'unknown']).optional(),
  /**
   * Deployed: where the site's ceiling stands (edge/ceiling.ts): `open`; `spent`, the day's minutes
   * or tokens are used and no token is handed out until tomorrow; `busy`, every reading or BMO
   * session the site runs at once is taken.
   */
  ceiling: z.enum(['open', 'spent', 'busy']).optional(),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
