/**
 * BMO_MAX_JOBS is a hard limit per worker: LiveKit dispatches by the load a worker last reported,
 * so a burst inside one report interval could give one worker more jobs than its maximum (the
 * scale test saw 9 on a worker of 8). Each request is counted against the running jobs and those
 * accepted and still starting.
 */
import { describe, expect, it } from 'vitest';
import { JobCapacity } from '../../../agent/job-capacity.ts';

describe('a worker’s job capacity', () => {
  it('refuses a burst past its maximum before any of the jobs shows as running', () => {
    const capacity = new JobCapacity(3, 30_000);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((id) => capacity.take(id, [], 1_000));
    expect(answers).toEqual([true, true, true, false, false]);
    expect(capacity.held([], 1_000)).toBe(3);
  });

  it('counts a running job once, whether it was accepted here or not', () => {
    const capacity = new JobCapacity(3, 30_000);
    expect(capacity.take('a', [], 0)).toBe(true);
    expect(capacity.held(['a', 'x'], 10)).toBe(2);
    expect(capacity.take('b', ['a', 'x'], 10)).toBe(true);
    expect(capacity.take('c', ['a', 'x'], 10)).toBe(false);
  });

  it('frees a place when a job ends, and forgets a start that never showed after its window', () => {
    const capacity = new JobCapacity(2, 30_000);
    capacity.take('a', [], 0);
    capacity.take('b', [], 0);
    expect(capacity.take('c', ['a', 'b'], 5_000)).toBe(false);
    // `a` ended: gone from the running jobs, and past its start window
    expect(capacity.take('c', ['b'], 40_000)).toBe(true);
    // `c` never showed as running: still counted within its window, not after
    expect(capacity.held(['b'], 60_000)).toBe(2);
    expect(capacity.held(['b'], 80_000)).toBe(1);
  });

  it('frees the place of a job that ran and ended within its start window at once', () => {
    const capacity = new JobCapacity(2, 30_000);
    capacity.take('a', [], 0);
    capacity.take('b', [], 0);
    // both seen running (a request, or a load report), then both end seconds later
    expect(capacity.held(['a', 'b'], 2_500)).toBe(2);
    expect(capacity.take('c', [], 10_000)).toBe(true);
    expect(capacity.take('d', [], 10_000)).toBe(true);
    expect(capacity.take('e', [], 10_000)).toBe(false);
  });

  it('reports as its load the jobs still starting too, so LiveKit sees a burst it has taken', () => {
    const capacity = new JobCapacity(10, 30_000);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) capacity.take(id, [], 0);
    // seven accepted, one of them running: the worker is at the load threshold (0.7)
    expect(capacity.load(['a'], 2_500)).toBe(0.7);
    expect(capacity.load(['a', 'b'], 5_000)).toBe(0.7);
    // `a` ran and ended
    expect(capacity.load(['b'], 7_500)).toBe(0.6);
  });
});
