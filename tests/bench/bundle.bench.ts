/**
 * Bundle weight (scripts/bundle-weight.ts), gzipped: for each embed entry (dist/embed), each of the
 * npm package's family entries as a site's bundler takes them, and each hosted page route, the
 * first load (before a session) against its goal (bench/budgets.json, whose budgets CI enforces), and
 * what a session adds against the weight of the SDKs the family loads, built alone in this run
 * from a bare entry (a session cannot cost less than its SDKs; the goal is within 5% of them),
 * and apart what its options load when set (the launcher, the consent question). Neither counts
 * another language's strings: a session is weighed in English.
 */
import { join } from 'node:path';
import {
  ROOT,
  type EntryWeight,
  bareSdkWeights,
  entryWeights,
  familyOf,
  packageWeights,
  pageWeights,
  readBudgets,
} from '../../scripts/bundle-weight.ts';
import { row, type BenchRow } from './stats.ts';

/** Which family's SDKs a page route or entry loads with a session, if any. */
function sdkFamilyOf(kind: string, name: string): string | undefined {
  if (kind === 'page') return /^reading/.test(name) ? 'tarot' : name === 'bmo' ? 'bmo' : undefined;
  return name === 'tarot' || name === 'bmo' ? name : undefined;
}

export async function bundleBench(): Promise<BenchRow[]> {
  const budgets = readBudgets();
  const sdk = await bareSdkWeights();
  const rows: BenchRow[] = [];
  const add = (kind: string, weight: EntryWeight, family: string) => {
    const name = `${kind} ${family}`;
    const goal = budgets.firstLoadKiB[name]?.goal;
    rows.push(
      row(
        'bundle',
        `${name}: first load`,
        weight.firstKiB,
        'KiB gz',
        goal === undefined ? undefined : { name: `${name} goal`, value: goal },
      ),
    );
    if (weight.optionsKiB > 0) {
      rows.push(
        row('bundle', `${name}: its options, loaded when set`, weight.optionsKiB, 'KiB gz'),
      );
    }
    const sdkFamily = sdkFamilyOf(kind, family);
    const sdkKiB = sdkFamily === undefined ? undefined : sdk[sdkFamily];
    if (sdkKiB === undefined) return;
    const baseline = { name: `${sdkFamily} SDKs built alone`, value: sdkKiB };
    rows.push(
      row('bundle', `${name}: added by a session`, weight.sessionKiB - weight.firstKiB, 'KiB gz', baseline),
      row('bundle', `${name}: after a session starts`, weight.sessionKiB, 'KiB gz', baseline),
    );
  };
  for (const weight of entryWeights(join(ROOT, 'dist', 'embed'), 'embed')) {
    add('embed', weight, familyOf(weight.entry));
  }
  for (const weight of await packageWeights()) add('package', weight, familyOf(weight.entry));
  for (const weight of pageWeights()) add('page', weight, weight.entry);
  for (const [family, kib] of Object.entries(sdk)) {
    rows.push(row('bundle', `${family} SDKs built alone`, kib, 'KiB gz'));
  }
  return rows;
}
