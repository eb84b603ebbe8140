/**
 * `npm run check`: the type check, the linter, the formatter's check, and the structure, docs and
 * tests checks, run side by side (each is one process on one core, so on two cores they take about
 * half the time they took one after another). Every one runs to its end; the check fails if any failed, and each
 * one's output is printed whole, under its name, in a fixed order.
 */
import { spawn } from 'node:child_process';
import { shareCompileCache } from '../tests/support/compile-cache.ts';

shareCompileCache();

const CHECKS: [name: string, command: string, args: string[]][] = [
  ['tsc', 'npx', ['tsc', '--noEmit']],
  ['eslint', 'npx', ['eslint', '.']],
  ['prettier', 'npx', ['prettier', '--check', '.']],
  ['structure', 'node', ['scripts/check-structure.ts']],
  ['docs', 'node', ['scripts/check-docs.ts']],
  ['tests', 'node', ['scripts/check-tests.ts']],
];

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

const results = await Promise.all(CHECKS.map(([, command, args]) => run(command, args)));
let failed = 0;
CHECKS.forEach(([name], index) => {
  const { code, output } = results[index] ?? { code: 1, output: '' };
  console.log(`check ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  if (output.trim()) console.log(output.trimEnd());
  if (code !== 0) failed += 1;
});
if (failed > 0) {
  console.error(`npm run check: ${failed} of ${CHECKS.length} checks failed`);
  process.exit(1);
}
