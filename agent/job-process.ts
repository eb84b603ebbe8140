/**
 * How each BMO job process starts, set in the worker's environment before it forks any (the SDK
 * forks them with it).
 *
 * A session is a job process of its own (the agents SDK's model), so a job process's memory is a
 * session's, and its start is time a visitor may wait for.
 *
 * - **One compile cache.** A job process imports the SDK's 1,700 modules before it can take a
 *   job; with one V8 compile cache shared by them all (Node reuses compiled code, and the
 *   agent's TypeScript already stripped, so no process starts Node's stripper once the cache
 *   holds it), a job process compiles none of them again, much of its start. It costs about
 *   12 MiB a process (the cached code it loads): kept, since starts are what visitors arriving
 *   together wait on (docs/scaling.md).
 * - **A small young generation.** Loading those modules grows V8's young generation to its most
 *   (64 MiB committed here), and it stays there; a job process's own allocations, a
 *   conversation's audio frames included, are short-lived and small. `JOB_SEMI_SPACE_MB` caps it:
 *   about 25 MiB less a process, for more frequent young collections of under a millisecond.
 *
 * An operator's `NODE_COMPILE_CACHE` or `--max-semi-space-size` (in `NODE_OPTIONS`) wins.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The young generation's semi-space cap of a job process, in MiB. */
export const JOB_SEMI_SPACE_MB = 2;

/** `NODE_OPTIONS` with the job processes' young generation capped, unless it sets one already. */
export function jobNodeOptions(current = ''): string {
  if (current.includes('--max-semi-space-size')) return current;
  return [current, `--max-semi-space-size=${JOB_SEMI_SPACE_MB}`].filter(Boolean).join(' ');
}

/** Sets this worker's environment for the job processes it forks; call before the worker starts. */
export function prepareJobProcesses(env: NodeJS.ProcessEnv = process.env): void {
  env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'bmo-compile-cache');
  env.NODE_OPTIONS = jobNodeOptions(env.NODE_OPTIONS);
}
