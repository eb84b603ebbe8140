/**
 * `POST /api/events` (mounted at `/api/events`): where the page's event module beacons its
 * structured events (session start, transitions, tool calls, errors, summaries). Each is checked
 * against the contract's beacon schema (strict: no stray fields, and codes and numbers where the
 * log vocabulary allows text, so no transcript or made-up message can ride along) and
 * written as one JSON line to the Worker's logs, tagged with the origin it came from.
 */
import { Hono } from 'hono';
import { BeaconEvent } from '../../contracts/events-schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { clip } from '../../contracts/text.ts';
import { rateLimiter } from '../security.ts';
import { jsonBody, jsonContentType } from '../validate.ts';

/** Entries an event's maps (tool parameters, per-tool counts, per-agent durations) may hold. */
const MAX_MAP_ENTRIES = 16;

/** The most entries in any one map of the event. */
function mapEntries(event: BeaconEvent): number {
  const maps: (object | undefined)[] = [
    'params' in event ? event.params : undefined,
    'toolCalls' in event ? event.toolCalls : undefined,
    'agentDurationsMs' in event ? event.agentDurationsMs : undefined,
  ];
  return Math.max(0, ...maps.map((map) => (map ? Object.keys(map).length : 0)));
}

export const eventsRoutes = new Hono<AppEnv>().post(
  '/',
  rateLimiter({
    binding: 'EVENTS_RATE_LIMITER',
    message: 'Too many events: slow down.',
    scope: () => 'events',
  }),
  jsonContentType(),
  jsonBody(BeaconEvent),
  (c) => {
    const event = c.req.valid('json');
    const entries = mapEntries(event);
    if (entries > MAX_MAP_ENTRIES) {
      throw new ApiError(
        400,
        'bad_request',
        `Invalid request body: an event's maps hold at most ${MAX_MAP_ENTRIES} entries.`,
      );
    }
    // The origin as the allowlist passed it (originGuard), or none for a non-browser client.
    const origin = clip(c.req.header('origin') ?? 'none', 200);
    console.log(JSON.stringify({ source: 'browser', origin, ...event }));
    return c.body(null, 204);
  },
);
