/**
 * `POST /api/events` (mounted at `/api/events`): where the page's event module beacons its
 * structured events (session start, transitions, tool calls, errors, summaries). Each is checked
 * against the contract (strict schemas: no stray fields, so no transcript can ride along) and
 * written as one JSON line to the Worker's logs, tagged with the origin it came from.
 */
import { Hono } from 'hono';
import { LogEvent } from '../../contracts/events.ts';
import type { AppEnv } from '../env.ts';
import { rateLimit } from '../security.ts';
import { jsonBody, jsonContentType } from '../validate.ts';

export const eventsRoutes = new Hono<AppEnv>().post(
  '/',
  rateLimit({
    binding: 'EVENTS_RATE_LIMITER',
    message: 'Too many events: slow down.',
    scope: () => 'events',
  }),
  jsonContentType(),
  jsonBody(LogEvent),
  (c) => {
    const event = c.req.valid('json');
    console.log(JSON.stringify({ source: 'browser', ...event }));
    return c.body(null, 204);
  },
);
