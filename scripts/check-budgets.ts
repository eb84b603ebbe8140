/**
 * Fails when an entry's first load passes its budget in bench/budgets.json, or when an entry that
 * must load without zod has zod in its first load. Sizes are gzipped bytes of the built files, so
 * the check is deterministic and runs in `npm test` after `npm run build` (timings stay in
 * `npm run bench`). Prints every figure beside its budget.
 */
import { join } from 'node:path';
import {
  ROOT,
  type EntryWeight,
  entryWeights,
  familyOf,
  packageWeights,
  pageWeights,
  readBudgets,
} from './bundle-weight.ts';

const budgets = readBudgets();

/** `embed bmo`, `package tarot-cards`, `page reading-text`: the names the budget file uses. */
function named(kind: string, weights: EntryWeight[]): Map<string, EntryWeight> {
  return new Map(weights.map((weight) => [`${kind} ${familyOf(weight.entry)}`, weight]));
}

const measured = new Map([
  ...named('embed', entryWeights(join(ROOT, 'dist', 'embed'))),
  ...named('package', await packageWeights()),
  ...named('page', pageWeights()),
]);

const failures: string[] = [];
for (const [name, budget] of Object.entries(budgets.firstLoadKiB)) {
  const weight = measured.get(name);
  if (!weight) {
    failures.push(`${name}: no such entry was built (known: ${[...measured.keys()].join(', ')})`);
    continue;
  }
  const verdict = weight.firstKiB <= budget ? 'ok' : 'OVER';
  console.log(
    `${verdict.padEnd(4)} ${name.padEnd(22)} ${weight.firstKiB.toFixed(2).padStart(7)} KiB gz  (budget ${budget})`,
  );
  if (verdict !== 'ok') {
    failures.push(
      `${name}: first load ${weight.firstKiB.toFixed(2)} KiB gz, over its ${budget} KiB budget`,
    );
  }
}
for (const name of budgets.zodFree) {
  if (measured.get(name)?.firstHasZod) failures.push(`${name}: zod is in the first load`);
}
for (const name of measured.keys()) {
  if (!(name in budgets.firstLoadKiB))
    failures.push(`${name}: has no budget in bench/budgets.json`);
}

if (failures.length > 0) {
  console.error(`\nBundle budgets failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`\nAll ${Object.keys(budgets.firstLoadKiB).length} first loads are within budget.`);
