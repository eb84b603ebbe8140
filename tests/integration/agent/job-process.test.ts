/**
 * A BMO job process starts with the worker's environment (agent/job-process.ts): one compile
 * cache, so a job process after the first runs no TypeScript stripper, and a capped young
 * generation. Each case starts a real Node process as the SDK forks one (the worker's environment
 * inherited) and imports the agent, as the SDK's job process does.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  JOB_SEMI_SPACE_MB,
  jobNodeOptions,
  prepareJobProcesses,
} from '../../../agent/job-process.ts';

const run = promisify(execFile);
const AGENT = fileURLToPath(new URL('../../../agent/main.ts', import.meta.url));

/** What a job process that loaded the agent says of itself. */
interface JobProcessReport {
  /** The agent's `entry` is a function: the agent loaded whole. */
  agentLoaded: boolean;
  /** Node's TypeScript stripper was loaded. */
  stripper: boolean;
  /** The young generation's semi-space, in MiB. */
  semiSpaceMb: number;
}

const REPORT = `
const { default: agent } = await import(${JSON.stringify(AGENT)});
const v8 = await import('node:v8');
const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
console.log(JSON.stringify({
  agentLoaded: typeof agent?.entry === 'function',
  stripper: process.moduleLoadList.some((name) => name.includes('internal/deps/amaro')),
  semiSpaceMb: newSpace.space_size / 2 / 1048576,
}));
`;

/** Starts a process with `env` over the test's own (without its Node settings) and reads its report. */
async function startJobProcess(env: NodeJS.ProcessEnv): Promise<JobProcessReport> {
  const { NODE_OPTIONS: _, NODE_COMPILE_CACHE: __, ...inherited } = process.env;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', REPORT], {
    env: { ...inherited, ...env },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as JobProcessReport;
}

describe('a BMO job process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'job-process-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('caps its young generation, and after the first shares compiled code without a TypeScript stripper', async () => {
    const worker: NodeJS.ProcessEnv = { NODE_COMPILE_CACHE: join(dir, 'cache') };
    prepareJobProcesses(worker);
    const first = await startJobProcess(worker);
    const next = await startJobProcess(worker);
    expect(first).toMatchObject({ agentLoaded: true, stripper: true });
    expect(next).toMatchObject({ agentLoaded: true, stripper: false });
    expect(next.semiSpaceMb).toBeLessThanOrEqual(JOB_SEMI_SPACE_MB);
  }, 120_000);

  it('without the worker’s environment, strips the agent each time and grows its young generation', async () => {
    const first = await startJobProcess({});
    const next = await startJobProcess({});
    expect([first.stripper, next.stripper]).toEqual([true, true]);
    expect(next.agentLoaded).toBe(true);
    expect(next.semiSpaceMb).toBeGreaterThan(JOB_SEMI_SPACE_MB);
  }, 120_000);

  it('keeps the operator’s own settings', () => {
    const env: NodeJS.ProcessEnv = {
      NODE_COMPILE_CACHE: '/srv/cache',
      NODE_OPTIONS: '--max-semi-space-size=16',
    };
    prepareJobProcesses(env);
    expect(env).toEqual({
      NODE_COMPILE_CACHE: '/srv/cache',
      NODE_OPTIONS: '--max-semi-space-size=16',
    });
    expect(jobNodeOptions('--enable-source-maps')).toBe(
      `--enable-source-maps --max-semi-space-size=${JOB_SEMI_SPACE_MB}`,
    );
  });
});
