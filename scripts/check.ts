/**
 * `npm run check`: the type check, the linter, the formatter's check, and the structure, docs and
 * tests checks, run side by side (each is one process on one core, so on two cores they take about
 * half the time they took one after another). Every one runs to its end; the check fails if any
 * failed, and each one's output is printed whole, under its name, as it finishes.
 */
import { shareCompileCache } from '../tests/support/compile-cache.ts';
import { type Step, sideBySide } from './side-by-side.ts';

shareCompileCache();

const CHECKS: Step[] = [
  { name: 'tsc', commands: [['npx', ['tsc', '--noEmit']]] },
  { name: 'eslint', commands: [['npx', ['eslint', '.']]] },
  { name: 'prettier', commands: [['npx', ['prettier', '--check', '.']]] },
  { name: 'structure', commands: [['node', ['scripts/check-structure.ts']]] },
  { name: 'docs', commands: [['node', ['scripts/check-docs.ts']]] },
  { name: 'tests', commands: [['node', ['scripts/check-tests.ts']]] },
];

const failed = await sideBySide(CHECKS, 'check');
if (failed.length > 0) {
  console.error(`npm run check: ${failed.length} of ${CHECKS.length} checks failed`);
  process.exit(1);
}
