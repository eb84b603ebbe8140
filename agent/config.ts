/**
 * The worker's settings, read once from the environment and validated. Empty variables count as
 * unset. `LIVEKIT_URL`, `LIVEKIT_API_KEY` and `LIVEKIT_API_SECRET` are also read by the SDK's CLI
 * itself; they are checked here so a missing one is reported plainly before the worker starts.
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_REALTIME_MODEL } from '../contracts/reading-token.ts';
import type { AgentEngine } from '../contracts/livekit-schema.ts';
import { trimChars } from '../contracts/text.ts';

/** Jobs per worker process by default: a BMO job is mostly waiting on the network. */
export const DEFAULT_MAX_JOBS = 8;

/** The sample vault shipped with the agent, used when `OBSIDIAN_VAULT_PATH` is not set. */
export const SAMPLE_VAULT_PATH = fileURLToPath(new URL('./vault/', import.meta.url));

/**
 * Seconds a job process may take to start (import the SDK, index the vault) before the worker gives
 * up on it and its job is lost. 30, not the SDK's 10: a job lost means BMO never joins, and under
 * CPU contention job processes were seen to take longer than 10 s (e2e beside a CPU hog: "runner
 * initialization timed out", BMO never joined; the scale run at load 25 lost half its jobs).
 */
export const DEFAULT_JOB_INIT_SECONDS = 30;

/** A job's longest life by default: a long chat, but not an agent held for ever. */
export const DEFAULT_MAX_SESSION_MINUTES = 30;
/** Quiet minutes before a job ends by default. */
export const DEFAULT_IDLE_MINUTES = 5;
/** The offline BMO's speaking rate by default: a brisk, friendly pace. */
export const DEFAULT_SPEECH_WPM = 175;

function minutes(fallback: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number()
      .min(0)
      .max(24 * 60)
      .default(fallback),
  );
}

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().min(1).optional(),
);

const EnvSchema = z.object({
  OPENAI_API_KEY: optionalText,
  BMO_MODE: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(['realtime', 'text']).default('realtime'),
  ),
  OPENAI_REALTIME_MODEL: optionalText,
  OPENAI_VOICE: optionalText,
  OPENAI_CHAT_MODEL: optionalText,
  OPENAI_BASE_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  ),
  OBSIDIAN_VAULT_PATH: optionalText,
  /** Comma-separated vault folders whose notes visitors may read. */
  BMO_PUBLIC_FOLDERS: optionalText,
  LIVEKIT_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  ),
  LIVEKIT_API_KEY: optionalText,
  LIVEKIT_API_SECRET: optionalText,
  /** Port of the worker's health endpoint in `start` mode (the SDK's default is 8081). */
  BMO_AGENT_HTTP_PORT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65_535).optional(),
  ),
  /** Jobs one worker process takes at once before LiveKit sends new ones elsewhere. */
  BMO_MAX_JOBS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(1).max(1000).default(DEFAULT_MAX_JOBS),
  ),
  /**
   * Job processes a worker keeps started and waiting for a job (the SDK's default: as many as the
   * cores, at most 4). A job that finds none waits for one to start, one at a time per worker.
   */
  BMO_IDLE_PROCESSES: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(1).max(100).optional(),
  ),
  /** Seconds a job process may take to start before its job is given up. */
  BMO_JOB_INIT_SECONDS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().min(1).max(600).default(DEFAULT_JOB_INIT_SECONDS),
  ),
  /** Minutes a job may last in all (0: no maximum); fractions allowed (tests use seconds). */
  BMO_MAX_SESSION_MINUTES: minutes(DEFAULT_MAX_SESSION_MINUTES),
  /** Minutes with nothing said by either side before the job ends (0: no idle limit). */
  BMO_IDLE_MINUTES: minutes(DEFAULT_IDLE_MINUTES),
  /** The local speech recognizer's API base (`http://127.0.0.1:8791/v1`) and its bearer key. */
  RECOGNIZER_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  RECOGNIZER_KEY: optionalText,
  /** The espeak-ng the offline BMO speaks with; empty for none (its answers are then text). */
  ESPEAK_NG: z.string().trim().optional(),
  /** How fast the offline BMO speaks, in words a minute. */
  BMO_SPEECH_WPM: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(80).max(450).default(DEFAULT_SPEECH_WPM),
  ),
});

export type BmoMode = 'realtime' | 'text';

export interface AgentConfig {
  /**
   * What BMO thinks with: `openai` when `OPENAI_API_KEY` is set, else `offline` (the local
   * language model in agent/offline, with no OpenAI model, so the mode is then always `text`; it
   * hears and speaks through the local recognizer and espeak-ng where they run: see session.ts).
   */
  engine: AgentEngine;
  mode: BmoMode;
  openaiApiKey: string | undefined;
  openaiBaseURL: string | undefined;
  realtimeModel: string;
  voice: string;
  chatModel: string;
  vaultPath: string;
  /** True when no vault was configured and the shipped sample vault is used. */
  sampleVault: boolean;
  /** Vault-relative folders whose notes are public (besides notes with `public: true`). */
  publicFolders: string[];
  livekit: { url: string | undefined; apiKey: string | undefined; apiSecret: string | undefined };
  httpPort: number | undefined;
  maxJobs: number;
  /** Job processes kept waiting for a job; undefined: the SDK's default. */
  idleProcesses: number | undefined;
  /** How long a job process may take to start, ms. */
  jobInitMs: number;
  /** Job limits in milliseconds (0: none); see job-limits.ts. */
  maxSessionMs: number;
  idleMs: number;
  /**
   * The local speech recognizer the offline BMO hears with (`RECOGNIZER_URL`, `RECOGNIZER_KEY`);
   * undefined when none runs, and the offline BMO is then typed to.
   */
  recognizer: { url: string; key: string } | undefined;
  /** The espeak-ng the offline BMO speaks with (`ESPEAK_NG`, default `espeak-ng`); undefined: none. */
  espeak: string | undefined;
  /** Its words a minute (`BMO_SPEECH_WPM`). */
  speechWpm: number;
}

export { DEFAULT_REALTIME_MODEL };
export const DEFAULT_VOICE = 'marin';
export const DEFAULT_CHAT_MODEL = 'gpt-4.1-mini';

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid agent configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads the settings; throws `ConfigError` naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AgentConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if ((e.RECOGNIZER_URL === undefined) !== (e.RECOGNIZER_KEY === undefined)) {
    throw new ConfigError([
      'RECOGNIZER_URL and RECOGNIZER_KEY: set both (the recognizer and its key) or neither',
    ]);
  }
  const engine: AgentEngine = e.OPENAI_API_KEY === undefined ? 'offline' : 'openai';
  return {
    engine,
    mode: engine === 'offline' ? 'text' : e.BMO_MODE,
    openaiApiKey: e.OPENAI_API_KEY,
    openaiBaseURL: e.OPENAI_BASE_URL,
    realtimeModel: e.OPENAI_REALTIME_MODEL ?? DEFAULT_REALTIME_MODEL,
    voice: e.OPENAI_VOICE ?? DEFAULT_VOICE,
    chatModel: e.OPENAI_CHAT_MODEL ?? DEFAULT_CHAT_MODEL,
    vaultPath: e.OBSIDIAN_VAULT_PATH ?? SAMPLE_VAULT_PATH,
    sampleVault: e.OBSIDIAN_VAULT_PATH === undefined,
    publicFolders: (e.BMO_PUBLIC_FOLDERS ?? '')
      .split(',')
      .map((folder) => trimChars(folder.trim(), '/'))
      .filter(Boolean),
    livekit: { url: e.LIVEKIT_URL, apiKey: e.LIVEKIT_API_KEY, apiSecret: e.LIVEKIT_API_SECRET },
    httpPort: e.BMO_AGENT_HTTP_PORT,
    maxJobs: e.BMO_MAX_JOBS,
    idleProcesses: e.BMO_IDLE_PROCESSES,
    jobInitMs: Math.round(e.BMO_JOB_INIT_SECONDS * 1000),
    maxSessionMs: Math.round(e.BMO_MAX_SESSION_MINUTES * 60_000),
    idleMs: Math.round(e.BMO_IDLE_MINUTES * 60_000),
    recognizer:
      e.RECOGNIZER_URL && e.RECOGNIZER_KEY
        ? { url: e.RECOGNIZER_URL, key: e.RECOGNIZER_KEY }
        : undefined,
    espeak: e.ESPEAK_NG === undefined ? 'espeak-ng' : e.ESPEAK_NG || undefined,
    speechWpm: e.BMO_SPEECH_WPM,
  };
}

/**
 * What the worker needs before it registers: the LiveKit connection. (Without `OPENAI_API_KEY`
 * BMO runs on the offline model, so no key is required.) Returns the problems, empty when ready.
 */
export function workerProblems(config: AgentConfig): string[] {
  const missing = [
    ['LIVEKIT_URL', config.livekit.url],
    ['LIVEKIT_API_KEY', config.livekit.apiKey],
    ['LIVEKIT_API_SECRET', config.livekit.apiSecret],
  ]
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  return missing.length > 0 ? [`LiveKit is not configured: set ${missing.join(', ')}`] : [];
}
