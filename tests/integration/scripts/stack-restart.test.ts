/**
 * `npm start`'s stack starts a part marked `restart` again when it dies on its own (the speech
 * recognizer, which every session shares and none depends on), after a pause that grows while it
 * keeps dying; any other part that dies stops the whole stack, as before. Run in a child process,
 * since the stack's helpers own their process (they exit when everything stops).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/paths.ts';

const run = promisify(execFile);

/** Runs `body` as an ES module beside scripts/processes.ts; resolves with its output. */
async function stack(body: string): Promise<{ stdout: string; stderr: string; code: number }> {
  const script = `import { startPart, stopAll } from './scripts/processes.ts';\n${body}`;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      timeout: 20_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

const DIES = `['-e', 'setTimeout(() => process.exit(3), 50)']`;

describe('a part that dies on its own', () => {
  it('is started again when it is marked restart, each time after a longer pause', async () => {
    const { stdout, stderr, code } = await stack(`
      const part = startPart('recognizer', process.execPath, ${DIES}, { restart: true, quiet: true });
      const pids = new Set();
      const started = Date.now();
      const times = [];
      const timer = setInterval(() => {
        if (part.child.pid && !pids.has(part.child.pid)) { pids.add(part.child.pid); times.push(Date.now() - started); }
        if (pids.size === 3) { clearInterval(timer); console.log(JSON.stringify(times)); void stopAll(0); }
      }, 10);
    `);
    expect(code).toBe(0);
    const times = JSON.parse(stdout.trim().split('\n')[0] ?? '[]') as number[];
    expect(times).toHaveLength(3);
    // 1 s, then 2 s: the pause doubles while it keeps dying.
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(2_000);
    expect(stderr).toContain('[recognizer] stopped on its own (exit 3): starting it again in 1 s.');
    expect(stderr).toContain('starting it again in 2 s.');
  });

  it('stops the whole stack when it is not marked restart', async () => {
    const { stdout, stderr, code } = await stack(`
      startPart('edge', process.execPath, ${DIES}, { quiet: true });
      startPart('other', process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { quiet: true });
    `);
    expect(code).toBe(1);
    expect(stderr).toContain('[edge] stopped on its own (exit 3): stopping the rest.');
    expect(stdout).toContain('Stopped every part.');
  });
});
