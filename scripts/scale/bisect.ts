/**
 * Capacity by bisection: the most visitors at once that stay within the stop rule, found to within
 * 10% or one visitor, whichever is larger. Steps double from the first until one is past capacity
 * (or halve until one is within), then halve the gap between the largest step within and the
 * smallest past it. A step's verdict comes from its runs together (scripts/scale/report.ts: a few
 * runs, their median), and the search takes capacity to fall as visitors grow: a step within
 * above a step past capacity is not looked for.
 */

export interface Bounds {
  /** The most visitors at once measured within capacity, if any. */
  within?: number;
  /** The fewest visitors at once measured past capacity, if any. */
  past?: number;
}

export interface SearchLimits {
  /** The first step's visitors. */
  first: number;
  /** The most the cluster can take at all (its workers' job limits): the search stops there. */
  most: number;
}

/** The gap that ends the search: 10% of the largest step within, or one visitor. */
export const resolution = (within: number): number => Math.max(1, within / 10);

/** The next step's visitors, or undefined when the bounds are found. */
export function nextStep(bounds: Bounds, limits: SearchLimits): number | undefined {
  const { within, past } = bounds;
  if (within === undefined && past === undefined) return Math.min(limits.first, limits.most);
  if (within === undefined) {
    // even the smallest step so far was past capacity
    const half = Math.floor((past ?? 1) / 2);
    return half >= 1 ? half : undefined;
  }
  if (past === undefined)
    return within >= limits.most ? undefined : Math.min(within * 2, limits.most);
  if (past - within <= resolution(within)) return undefined;
  return Math.floor((within + past) / 2);
}

/** The bounds once a step of `visitors` was within capacity or not. */
export function narrowed(bounds: Bounds, visitors: number, within: boolean): Bounds {
  if (within) return { ...bounds, within: Math.max(bounds.within ?? 0, visitors) };
  return { ...bounds, past: Math.min(bounds.past ?? Number.POSITIVE_INFINITY, visitors) };
}

/**
 * Runs the search: `step` measures one step of `visitors` (all its runs) and says whether it was
 * within capacity. Returns the bounds found.
 */
export async function findCapacity(
  limits: SearchLimits,
  step: (visitors: number) => Promise<boolean>,
): Promise<Bounds> {
  let bounds: Bounds = {};
  for (let visitors = nextStep(bounds, limits); visitors !== undefined;) {
    bounds = narrowed(bounds, visitors, await step(visitors));
    visitors = nextStep(bounds, limits);
  }
  return bounds;
}

/**
 * The runs of one step: `once` up to `repeats` times, stopping early once `isDecided` says the
 * runs left could not change the step's verdict.
 */
export async function runsOfStep<R>(
  repeats: number,
  once: (run: number) => Promise<R>,
  isDecided: (runs: R[]) => boolean,
): Promise<R[]> {
  const runs: R[] = [];
  for (let run = 1; run <= repeats && !isDecided(runs); run++) runs.push(await once(run));
  return runs;
}
