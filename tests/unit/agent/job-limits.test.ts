/**
 * Job limits on a fake clock: a job ends at its maximum duration whatever happens, and after the
 * idle time when nothing happens; activity restarts the idle time; the first limit wins, once;
 * 0 turns a limit off; the settings read from the environment with their defaults.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../agent/config.ts';
import { type JobLimitReason, createJobLimits } from '../../../agent/job-limits.ts';

describe('job limits', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends an idle job after the idle time, and activity starts the idle time again', () => {
    const reached: JobLimitReason[] = [];
    const limits = createJobLimits({ maxSessionMs: 60_000, idleMs: 10_000 }, (r) =>
      reached.push(r),
    );
    vi.advanceTimersByTime(9_000);
    limits.activity();
    vi.advanceTimersByTime(9_000);
    expect(reached).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(reached).toEqual(['idle_timeout']);
    vi.advanceTimersByTime(120_000);
    expect(reached).toEqual(['idle_timeout']);
  });

  it('ends a busy job at its maximum duration, once', () => {
    const reached: JobLimitReason[] = [];
    const limits = createJobLimits({ maxSessionMs: 30_000, idleMs: 10_000 }, (r) =>
      reached.push(r),
    );
    for (let t = 0; t < 29; t += 1) {
      vi.advanceTimersByTime(1_000);
      limits.activity();
    }
    expect(reached).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(reached).toEqual(['max_duration']);
    limits.activity();
    vi.advanceTimersByTime(60_000);
    expect(reached).toEqual(['max_duration']);
  });

  it('never fires when both limits are 0, nor after stop()', () => {
    const reached: JobLimitReason[] = [];
    createJobLimits({ maxSessionMs: 0, idleMs: 0 }, (r) => reached.push(r));
    const stopped = createJobLimits({ maxSessionMs: 5, idleMs: 5 }, (r) => reached.push(r));
    stopped.stop();
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(reached).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads BMO_MAX_SESSION_MINUTES and BMO_IDLE_MINUTES, 30 and 5 by default, and refuses nonsense', () => {
    expect(loadConfig({})).toMatchObject({ maxSessionMs: 30 * 60_000, idleMs: 5 * 60_000 });
    expect(loadConfig({ BMO_MAX_SESSION_MINUTES: '0.5', BMO_IDLE_MINUTES: '0' })).toMatchObject({
      maxSessionMs: 30_000,
      idleMs: 0,
    });
    expect(() => loadConfig({ BMO_IDLE_MINUTES: '-1' })).toThrow(/BMO_IDLE_MINUTES/);
    expect(() => loadConfig({ BMO_MAX_SESSION_MINUTES: 'soon' })).toThrow(
      /BMO_MAX_SESSION_MINUTES/,
    );
  });
});
