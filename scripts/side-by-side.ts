/**
 * Runs commands side by side and reports each one whole, under its name, in a fixed order, once
 * all have ended: every command runs to its end, and the run fails if any failed. Used by
 * `npm run check` (the static checks) and `scripts/test-layers.ts` (the unit and browser layers).
 */
import { spawn } from 'node:child_process';

export type Command = [name: string, command: string, args: string[]];

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs `commands` at once; prints `<label> <name>: passed|failed` and the output of each. */
export async function sideBySide(label: string, commands: Command[]): Promise<void> {
  const started = Date.now();
  const results = await Promise.all(
    commands.map(async ([, command, args]) => {
      const result = await run(command, args);
      return { ...result, seconds: Math.round((Date.now() - started) / 1000) };
    }),
  );
  let failed = 0;
  commands.forEach(([name], index) => {
    const { code, output, seconds } = results[index] ?? { code: 1, output: '', seconds: 0 };
    const verdict = code === 0 ? 'passed' : `failed (exit ${code})`;
    console.log(`${label} ${name}: ${verdict} in ${seconds} s`);
    if (output.trim()) console.log(output.trimEnd());
    if (code !== 0) failed += 1;
  });
  if (failed > 0) {
    console.error(`${label}: ${failed} of ${commands.length} failed`);
    process.exit(1);
  }
}
