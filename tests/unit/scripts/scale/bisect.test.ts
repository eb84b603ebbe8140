/**
 * The capacity search (`scripts/scale/bisect.ts`) against a stand-in machine whose capacity is
 * known: it ends with the largest step within and the smallest past it no further apart than 10%
 * or one visitor, and capacity between them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Bounds,
  findCapacity,
  narrowed,
  nextStep,
  resolution,
  runsOfStep,
} from '../../../../scripts/scale/bisect.ts';

/** The steps the search runs on a machine that holds `capacity` visitors at once. */
function search(capacity: number, first = 10, most = 42): { steps: number[]; bounds: Bounds } {
  let bounds: Bounds = {};
  const steps: number[] = [];
  for (let next = nextStep(bounds, { first, most }); next !== undefined;) {
    steps.push(next);
    bounds = narrowed(bounds, next, next <= capacity);
    next = nextStep(bounds, { first, most });
  }
  return { steps, bounds };
}

describe('the capacity search', () => {
  it('doubles until past capacity, then halves the gap until it is within 10% or one visitor', () => {
    expect(search(23)).toEqual({
      steps: [10, 20, 40, 30, 25, 22, 23],
      bounds: { within: 23, past: 25 },
    });
  });

  it('halves from the first step when even that is past capacity', () => {
    expect(search(3)).toEqual({ steps: [10, 5, 2, 3, 4], bounds: { within: 3, past: 4 } });
  });

  it('says nothing is within when one visitor is already past capacity', () => {
    expect(search(0).bounds).toEqual({ past: 1 });
  });

  it('stops at what the workers can take at all, capacity being at least that', () => {
    expect(search(100)).toEqual({ steps: [10, 20, 40, 42], bounds: { within: 42 } });
  });

  it('brackets any capacity to within 10% or one visitor, in few steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (capacity) => {
        const { steps, bounds } = search(capacity, 10, 400);
        const within = bounds.within ?? 0;
        const past = bounds.past ?? 0;
        expect(within).toBeLessThanOrEqual(capacity);
        expect(past).toBeGreaterThan(capacity);
        expect(past - within).toBeLessThanOrEqual(resolution(within));
        expect(steps.length).toBeLessThanOrEqual(12);
      }),
    );
  });
});

describe('the search as the scale run drives it', () => {
  it('measures each step it chooses once and ends with the same bounds', async () => {
    const measured: number[] = [];
    const bounds = await findCapacity({ first: 10, most: 42 }, async (visitors) => {
      measured.push(visitors);
      return visitors <= 23;
    });
    expect({ steps: measured, bounds }).toEqual(search(23));
  });

  it('runs a step until its verdict is decided, and no further', async () => {
    const runs = await runsOfStep(
      3,
      async (run) => run,
      (so) => so.includes(2),
    );
    expect(runs).toEqual([1, 2]);
    expect(
      await runsOfStep(
        3,
        async (run) => run,
        () => false,
      ),
    ).toEqual([1, 2, 3]);
  });
});
