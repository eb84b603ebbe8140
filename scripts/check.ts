/**
 * `npm run check`: the type check, the linter, the formatter's check, and the structure, docs and
 * tests checks, run side by side (each is one process on one core, so on two cores they take about
 * half the time they took one after another). Every one runs to its end; the check fails if any
 * failed, and each one's output is printed whole, under its name, in a fixed order.
 */
import { sideBySide } from './side-by-side.ts';

await sideBySide('check', [
  ['tsc', 'npx', ['tsc', '--noEmit']],
  ['eslint', 'npx', ['eslint', '.']],
  ['prettier', 'npx', ['prettier', '--check', '.']],
  ['structure', 'node', ['scripts/check-structure.ts']],
  ['docs', 'node', ['scripts/check-docs.ts']],
  ['tests', 'node', ['scripts/check-tests.ts']],
]);
