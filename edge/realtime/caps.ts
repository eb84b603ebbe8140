/**
 * A reading's caps: its minutes (`READING_MAX_MINUTES`) and its tokens (`READING_MAX_TOKENS`, the
 * input and output tokens the upstream reports for the whole session). Each token the edge mints
 * carries both; the relay and the call's Durable Object end the session at whichever comes first.
 *
 * Caps that cannot be switched off deployed: outside local development a cap that is unset, 0 or
 * not a number is a misconfiguration, not "no cap". Then every token route answers 503
 * `misconfigured` (`capsRequired`) and `/api/health` names each setting as an issue of the same
 * error (`capProblems`), so an
 * owner who forgets a setting sees it at once and nobody spends an unbounded session. In local
 * development a missing cap means none, for a developer's own machine.
 */
import type { MiddlewareHandler } from 'hono';
import { type AppEnv, type Bindings, intSetting, isLocalDevelopment } from '../env.ts';
import { ApiError } from '../errors.ts';

/** The most a deployer may set: a day of minutes, ten million tokens. */
const MAX_MINUTES = 1440;
const MAX_TOKENS = 10_000_000;

export interface ReadingCaps {
  /** Minutes per session; undefined for none (local development only). */
  minutes: number | undefined;
  /** Tokens per session; undefined for none (local development only). */
  tokens: number | undefined;
}

function cap(value: string | undefined, max: number): number | undefined {
  const parsed = intSetting(value, 0, 0, max);
  return parsed > 0 ? parsed : undefined;
}

/** This deployment's caps, as set (a malformed or 0 setting reads as none). */
export function readingCaps(env: Bindings | undefined): ReadingCaps {
  return {
    minutes: cap(env?.READING_MAX_MINUTES, MAX_MINUTES),
    tokens: cap(env?.READING_MAX_TOKENS, MAX_TOKENS),
  };
}

/** A setting that keeps this deployment from handing out tokens, and why, for its owner. */
export interface CapProblem {
  setting: 'READING_MAX_MINUTES' | 'READING_MAX_TOKENS';
  message: string;
}

/**
 * What keeps this deployment from handing out tokens (for the owner, in the health answer); empty
 * when nothing does. Local development has none.
 */
export function capProblems(env: Bindings | undefined): CapProblem[] {
  if (isLocalDevelopment(env)) return [];
  const caps = readingCaps(env);
  const problems: CapProblem[] = [];
  if (caps.minutes === undefined) {
    problems.push({
      setting: 'READING_MAX_MINUTES',
      message: `unset, 0 or not a whole number from 1 to ${MAX_MINUTES}: a reading would have no minute cap`,
    });
  }
  if (caps.tokens === undefined) {
    problems.push({
      setting: 'READING_MAX_TOKENS',
      message: `unset, 0 or not a whole number from 1 to ${MAX_TOKENS}: a reading would have no token budget`,
    });
  }
  return problems;
}

/** Said to a visitor while the deployment is misconfigured. */
export const MISCONFIGURED_MESSAGE =
  'This site is not handing out sessions right now: its owner has to set its limits first.';

/** Every token route: 503 `misconfigured` while a cap is missing deployed. */
export const capsRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  const problems = capProblems(c.env);
  if (problems.length > 0) {
    console.error(
      JSON.stringify({ event: 'caps_misconfigured', settings: problems.map((p) => p.setting) }),
    );
    throw new ApiError(503, 'misconfigured', MISCONFIGURED_MESSAGE);
  }
  await next();
};
