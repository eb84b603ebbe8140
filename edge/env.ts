/**
 * The edge's bindings and settings. Secrets come only from here (wrangler secrets, or `.dev.vars`
 * locally). What the edge keeps between requests is derived from them and keyed by what it was
 * derived from (an imported HMAC key, the LiveKit API client, Access's key set), so a changed
 * setting takes effect on the next request.
 */

/** The Workers rate-limit binding (`[[ratelimits]]` in wrangler.toml). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The static-assets binding that serves the built page. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

/** A Durable Object's stub: requests reach the one object with its id, wherever it runs. */
export interface DurableObjectStubLike {
  fetch(request: Request): Promise<Response>;
}

/** A Durable Object namespace binding (`[[durable_objects.bindings]]` in wrangler.toml). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStubLike;
}

export interface Bindings {
  ASSETS?: AssetsBinding;
  /** One Durable Object per reader socket (edge/reader/session-object.ts). */
  READER_SESSIONS?: DurableObjectNamespaceLike;
  /**
   * One Durable Object per voice call token (edge/voice-calls/call-object.ts): the call it opens,
   * watched and hung up at its limits.
   */
  VOICE_CALLS?: DurableObjectNamespaceLike;
  /**
   * One Durable Object per relay token (edge/relay/relay-object.ts): the one Realtime session it
   * opens, relayed to OpenAI with the key, pinned and ended at its limits.
   */
  RELAY_SESSIONS?: DurableObjectNamespaceLike;
  /** Per-client limit on the token routes. */
  TOKEN_RATE_LIMITER?: RateLimitBinding;
  /** Per-client limit on the page's event beacons. */
  EVENTS_RATE_LIMITER?: RateLimitBinding;

  /** One Durable Object per client: its daily budget of token minutes (edge/budget.ts). */
  CLIENT_BUDGETS?: DurableObjectNamespaceLike;
  /** A client's token minutes per UTC day (default 240), deployed; a /56 twice, a /48 four times. */
  DAILY_TOKEN_MINUTES?: string;
  /** Optional: a network's (`request.cf.asn`) token minutes per UTC day; unset, no such limit. */
  ASN_DAILY_TOKEN_MINUTES?: string;
  /**
   * The whole site's ceiling (edge/ceiling.ts): one object counting every client's minutes and
   * tokens of the day and the sessions running. Deployed, without it nothing that costs is handed
   * out.
   */
  SITE_CEILING?: DurableObjectNamespaceLike;
  /** The site's token minutes per UTC day (default 2,000). */
  SITE_DAILY_MINUTES?: string;
  /** The site's OpenAI tokens per UTC day, input and output (default 5,000,000). */
  SITE_DAILY_TOKENS?: string;
  /** Readings on OpenAI (calls and relayed sessions) running at once (default 20). */
  SITE_MAX_READINGS?: string;
  /** BMO jobs running at once across the site: the workers' capacity (default 8). */
  BMO_MAX_SESSIONS?: string;
  /** The percentage of BMO_MAX_SESSIONS one network (IPv6 /48, IPv4 /24) may hold (default 25). */
  BMO_NETWORK_SHARE?: string;
  /** A BMO job's minutes, as the worker caps it (default 30): what a LiveKit token charges. */
  BMO_MAX_SESSION_MINUTES?: string;
  /**
   * BMO's rooms (edge/bmo-rooms.ts): which minted room may still start its one job, and each
   * client's jobs running. Without it the LiveKit token and webhook routes refuse.
   */
  BMO_ROOMS?: DurableObjectNamespaceLike;
  /** BMO jobs a client may have running at once (default 1), deployed. */
  BMO_SESSIONS_PER_CLIENT?: string;
  /**
   * "true" lifts the per-client rate limits for a load test, in local development only; a
   * deployment that sets it refuses every API request.
   */
  LOAD_TEST_LIMITS?: string;
  /**
   * "true" lets a deployment with OPENAI_API_KEY hand out tokens without Turnstile: anyone with a
   * script may then spend the owner's OpenAI minutes, up to each address's daily budget.
   */
  TURNSTILE_NOT_REQUIRED?: string;

  /**
   * With it, readings run on OpenAI through the edge (calls and the relay hold it; the page never
   * sees it); without it, on the local reader.
   */
  OPENAI_API_KEY?: string;
  /** OpenAI's API base (default `https://api.openai.com/v1`); tests point it at a local stand-in. */
  OPENAI_BASE_URL?: string;
  /** The Realtime model, the same in the token and in the session. */
  OPENAI_REALTIME_MODEL?: string;
  /** The voice pinned in every session (default alloy). */
  OPENAI_REALTIME_VOICE?: string;
  /** Output tokens per response pinned in every session (default 1024, at most 4096). */
  OPENAI_MAX_OUTPUT_TOKENS?: string;
  /**
   * Local development without OPENAI_API_KEY: the local WebRTC reader's API base
   * (`http://127.0.0.1:8790/v1`) and the edge's key for it (voice-peer/); voice readings call it.
   */
  VOICE_PEER_URL?: string;
  VOICE_PEER_KEY?: string;
  /**
   * Local development: the local speech recognizer's API base (`http://127.0.0.1:8791/v1`, an
   * OpenAI-compatible `/audio/transcriptions`) and its key (recognizer/); the offline reader hears
   * spoken turns with it. Without them a voice turn follows the demo script.
   */
  RECOGNIZER_URL?: string;
  RECOGNIZER_KEY?: string;
  /** Lifetime of a reading token (the reading token route's), seconds (default 60). */
  VOICE_TOKEN_TTL_SECONDS?: string;

  LIVEKIT_URL?: string;
  LIVEKIT_API_KEY?: string;
  LIVEKIT_API_SECRET?: string;
  /** Lifetime of a LiveKit participant token, seconds (default 600). */
  LIVEKIT_TOKEN_TTL_SECONDS?: string;
  /**
   * A reading's minute cap, and its token budget (input and output tokens over the session, as
   * OpenAI counts them). Required deployed: unset or 0 there, every token route answers 503
   * `misconfigured` (edge/realtime/caps.ts); in local development unset means none.
   */
  READING_MAX_MINUTES?: string;
  READING_MAX_TOKENS?: string;
  /** Seconds a BMO room stays open empty before LiveKit closes it (default 60). */
  LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS?: string;
  /** Local development: the BMO agent worker's health URL, which `/api/health` asks (npm start). */
  BMO_AGENT_HEALTH_URL?: string;

  /** Cloudflare Access: the team (`<team>.cloudflareaccess.com`) and the application's AUD tag. */
  ACCESS_TEAM_DOMAIN?: string;
  ACCESS_AUD?: string;
  /** Optional comma-separated emails: only these Access identities own BMO's notes. */
  ACCESS_OWNER_EMAILS?: string;
  /** With it, the token routes require a Turnstile token (edge/turnstile.ts). */
  TURNSTILE_SECRET_KEY?: string;
  /** Where siteverify is (default Cloudflare's); tests point it at a local stand-in. */
  TURNSTILE_VERIFY_URL?: string;

  /** Comma-separated extra hosts (URLs) the page may connect to, added to its CSP connect-src. */
  CONNECT_SRC?: string;
  /** Comma-separated origins allowed to call the API besides the page's own. */
  ALLOWED_ORIGINS?: string;
  /** HMAC secret for the local reader's tokens; outside local development, no secret, no reader. */
  READER_TOKEN_SECRET?: string;
  /** "true" keeps the offline reader mounted where OpenAI is configured (off by default). */
  READER_WITH_OPENAI?: string;
  /** Minutes a reader socket may stay idle (default 5). */
  READER_IDLE_MINUTES?: string;
  /**
   * "true" only on a developer's own machine: `npm start`, `npm run dev` and the e2e harness pass it
   * with `--var`; it is never in wrangler.toml. Where it is unset the edge behaves as deployed in
   * public and fails closed (no development secrets, no missing bindings waved through).
   */
  LOCAL_DEVELOPMENT?: string;
}

/** True only where `npm start`, `npm run dev` or the e2e harness said this is local development. */
export function isLocalDevelopment(env: Bindings | undefined): boolean {
  return env?.LOCAL_DEVELOPMENT === 'true';
}

export interface AppEnv {
  Bindings: Bindings;
}

/** Reads a positive integer setting, or the default when it is unset or malformed. */
export function intSetting(
  value: string | undefined,
  fallback: number,
  min = 1,
  max = 86_400,
): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) return fallback;
  return parsed;
}
