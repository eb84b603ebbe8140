/**
 * The settings a local run (`npm start`, `npm run dev`) gives the edge and the agent worker: the
 * keys in `.dev.vars` and every documented edge setting, each from the environment when it is set
 * there, else from `.dev.vars`. The environment wins, so `ALLOWED_ORIGINS=… npm start` works
 * without editing a file; an empty value counts as unset, as `.dev.vars.example` says.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Every setting of the edge a developer may set (the list in docs/settings.md, the edge's part
 * of `.dev.vars.example`): what `npm start` passes from the environment. `LOCAL_DEVELOPMENT`,
 * `BMO_AGENT_HEALTH_URL`, `VOICE_PEER_URL`, `VOICE_PEER_KEY`, `RECOGNIZER_URL` and
 * `RECOGNIZER_KEY` are not here: `npm start` sets those itself.
 */
export const EDGE_SETTINGS = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_REALTIME_MODEL',
  'OPENAI_REALTIME_VOICE',
  'OPENAI_MAX_OUTPUT_TOKENS',
  'VOICE_TOKEN_TTL_SECONDS',
  'READING_MAX_MINUTES',
  'READING_MAX_TOKENS',
  'LIVEKIT_URL',
  'LIVEKIT_API_KEY',
  'LIVEKIT_API_SECRET',
  'LIVEKIT_TOKEN_TTL_SECONDS',
  'LIVEKIT_ROOM_EMPTY_TIMEOUT_SECONDS',
  'ALLOWED_ORIGINS',
  'READER_TOKEN_SECRET',
  'READER_WITH_OPENAI',
  'READER_IDLE_MINUTES',
  'ACCESS_TEAM_DOMAIN',
  'ACCESS_AUD',
  'ACCESS_OWNER_EMAILS',
  'TURNSTILE_SECRET_KEY',
  'TURNSTILE_VERIFY_URL',
  'TURNSTILE_NOT_REQUIRED',
  'DAILY_TOKEN_MINUTES',
  'ASN_DAILY_TOKEN_MINUTES',
  'SITE_DAILY_MINUTES',
  'SITE_DAILY_TOKENS',
  'SITE_MAX_READINGS',
  'BMO_SESSIONS_PER_CLIENT',
  'BMO_MAX_SESSIONS',
  'BMO_NETWORK_SHARE',
  'BMO_MAX_SESSION_MINUTES',
  'LOAD_TEST_LIMITS',
  'CONNECT_SRC',
] as const;

/** The local secrets file wrangler reads (`.dev.vars`, git-ignored), parsed with Node's own parser. */
export function devVars(root: string): Record<string, string> {
  const file = join(root, '.dev.vars');
  if (!existsSync(file)) return {};
  const parsed = parseEnv(readFileSync(file, 'utf8'));
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * The settings for a local run from `.dev.vars` (`fromFile`) and the environment (`env`): the
 * file's keys and `EDGE_SETTINGS`, the environment's value first, empty values left out. Nothing
 * else of the environment (PATH, HOME, a shell's own variables) is taken.
 */
export function localSettings(
  fromFile: Record<string, string>,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const key of new Set([...Object.keys(fromFile), ...EDGE_SETTINGS])) {
    const value = env[key] || fromFile[key];
    if (value) settings[key] = value;
  }
  return settings;
}
