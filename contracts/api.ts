/**
 * The edge's routes and headers, without zod. A first load (an element before its session) may
 * not carry zod, so a contract it needs is a pair: `<name>.ts` without zod, and `<name>-schema.ts`
 * with the schemas, which re-exports it (`api`, `reading`, `locale`, `cassette`, `livekit`,
 * `events`). The browser's first load names the routes from here; a session reads the edge's
 * errors with `api-error.ts`, and `api-schema.ts` comes with a session that loads zod anyway (a
 * reading's).
 */
/**
 * The edge's routes, below its origin. The browser's edge client, the edge's route table and the
 * tests all name them from here.
 */
export const API_PATHS = {
  health: '/api/health',
  readingToken: '/api/voice/token',
  voiceCalls: '/api/voice/calls',
  readerRealtime: '/api/reader/realtime',
  livekitToken: '/api/livekit/token',
  livekitWebhook: '/api/livekit/webhook',
  events: '/api/events',
} as const;
/**
 * The header carrying a Cloudflare Turnstile token on the token routes (the host page runs the
 * widget and hands its token to the element; the edge verifies it when Turnstile is configured).
 */
export const TURNSTILE_HEADER = 'X-Turnstile-Token';

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];
