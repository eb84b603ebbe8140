/**
 * Fails when an entry's first load passes its budget in bench/budgets.json, when an entry that
 * must load without zod has zod in its first load, and when a budget stands above its goal without
 * the reason written beside it. Sizes are gzipped bytes of the built files, so the check is
 * deterministic and runs in `npm test` after `npm run build` (timings stay in `npm run bench`).
 * Prints every figure beside its budget and goal.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ROOT,
  type Budgets,
  type EntryWeight,
  budgetOf,
  entryWeights,
  familyOf,
  packageWeights,
  pageWeights,
  readBudgets,
} from './bundle-weight.ts';

/**
 * What the budgets file itself promises: every entry has a goal, and a budget above that goal
 * carries the reason it stands there. A reason beside a budget at or under its goal is stale.
 */
export function budgetFindings(budgets: Budgets): string[] {
  const found: string[] = [];
  for (const [name, entry] of Object.entries(budgets.firstLoadKiB)) {
    if (typeof entry.goal !== 'number' || !(entry.goal > 0)) {
      found.push(`${name}: has no goal (a positive number of KiB gz)`);
      continue;
    }
    if (entry.budget !== undefined && (typeof entry.budget !== 'number' || !(entry.budget > 0))) {
      found.push(`${name}: its budget is not a positive number of KiB gz`);
      continue;
    }
    const reason = typeof entry.reason === 'string' ? entry.reason.trim() : '';
    if (budgetOf(entry) > entry.goal && reason === '') {
      found.push(
        `${name}: its budget ${budgetOf(entry)} KiB gz is past its ${entry.goal} KiB goal with no reason beside it`,
      );
    }
    if (budgetOf(entry) <= entry.goal && entry.reason !== undefined) {
      found.push(`${name}: a reason beside a budget within its goal (drop the budget and reason)`);
    }
  }
  for (const name of budgets.zodFree) {
    if (!(name in budgets.firstLoadKiB)) found.push(`${name}: zod-free, but has no budget`);
  }
  return found;
}

/** `embed bmo`, `package tarot-cards`, `page reading-text`: the names the budget file uses. */
function named(kind: string, weights: EntryWeight[]): Map<string, EntryWeight> {
  return new Map(weights.map((weight) => [`${kind} ${familyOf(weight.entry)}`, weight]));
}

/** Every entry measured against the budgets: a line each to print, and what failed. */
export function weightFindings(
  budgets: Budgets,
  measured: ReadonlyMap<string, EntryWeight>,
): { lines: string[]; failures: string[] } {
  const lines: string[] = [];
  const failures: string[] = [];
  for (const [name, entry] of Object.entries(budgets.firstLoadKiB)) {
    const weight = measured.get(name);
    if (!weight) {
      failures.push(`${name}: no such entry was built (known: ${[...measured.keys()].join(', ')})`);
      continue;
    }
    const budget = budgetOf(entry);
    const verdict = weight.firstKiB <= budget ? 'ok' : 'OVER';
    const goal = budget > entry.goal ? `, goal ${entry.goal}` : '';
    lines.push(
      `${verdict.padEnd(4)} ${name.padEnd(22)} ${weight.firstKiB.toFixed(2).padStart(7)} KiB gz  (budget ${budget}${goal})`,
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
    if (!(name in budgets.firstLoadKiB)) {
      failures.push(`${name}: has no budget in bench/budgets.json`);
    }
  }
  return { lines, failures };
}

async function main(): Promise<void> {
  const budgets = readBudgets();
  const measured = new Map([
    ...named('embed', entryWeights(join(ROOT, 'dist', 'embed'), 'embed')),
    ...named('package', await packageWeights()),
    ...named('page', pageWeights()),
  ]);
  const { lines, failures } = weightFindings(budgets, measured);
  for (const line of lines) console.log(line);
  failures.push(...budgetFindings(budgets));
  if (failures.length > 0) {
    console.error(`\nBundle budgets failed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`\nAll ${Object.keys(budgets.firstLoadKiB).length} first loads are within budget.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
