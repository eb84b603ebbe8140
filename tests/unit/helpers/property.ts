/**
 * Settings for the fast-check property tests: 1,000 runs each, on a fixed seed so a run in CI is
 * the same every time (FC_SEED explores another; fast-check prints the seed and the path of a
 * failing case, which replays it exactly).
 */
import type { Parameters } from 'fast-check';

export const PROPERTY_SEED = Number(process.env.FC_SEED ?? 20_261_123);
export const PROPERTY_RUNS = 1_000;

export function propertyParameters<T>(): Parameters<T> {
  return { seed: PROPERTY_SEED, numRuns: PROPERTY_RUNS };
}

/**
 * A seeded uniform integer source in [0, max) (mulberry32 with rejection sampling, like
 * `secureRandomInt` over crypto): the same seed gives the same sequence.
 */
export function seededRandomInt(seed: number): (max: number) => number {
  let state = seed >>> 0;
  const next32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return (max: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % max);
    for (;;) {
      const value = next32();
      if (value < limit) return value % max;
    }
  };
}

/** Pearson's chi-square statistic of observed counts against one expected count per bin. */
export function chiSquare(observed: readonly number[], expected: number): number {
  return observed.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}
