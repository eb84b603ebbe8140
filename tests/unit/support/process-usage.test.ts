/**
 * Reading /proc for the scale run (`tests/support/process-usage.ts`): a process's line, whose
 * command name may hold spaces and parentheses, and the machine's busy ticks; and the CPU of a set
 * of processes between two readings, which keeps a process that ended through its parent.
 */
import { describe, expect, it } from 'vitest';
import {
  type ProcessSample,
  cpuSecondsBetween,
  inGroup,
  parseBusyTicks,
  parseStat,
} from '../../support/process-usage.ts';

describe('reading /proc', () => {
  it('reads a process line whose command name holds spaces and parentheses', () => {
    const line =
      '4242 (node (job) x) S 4200 4200 4200 0 -1 4194560 5000 0 0 0 150 30 12 8 20 0 11 0 900 1700000000 40000 18446744073709551615 0 0 0 0 0 0 0 4096 0 0 0 17 1 0 0 0 0 0';
    expect(parseStat(line)).toEqual({
      pid: 4242,
      ppid: 4200,
      pgid: 4200,
      ownTicks: 180,
      childTicks: 20,
      rssKiB: 160_000,
    });
    expect(parseStat('not a stat line')).toBeUndefined();
  });

  it("takes the machine's busy ticks as user, nice, system, irq and softirq, not idle, iowait or steal", () => {
    expect(
      parseBusyTicks('cpu  100 5 40 9000 70 3 2 50 0 0\ncpu0 50 2 20 4500 35 1 1 25 0 0'),
    ).toBe(150);
  });
});

describe('CPU between two readings', () => {
  const sample = (pid: number, pgid: number, own: number, children: number): ProcessSample => ({
    pid,
    ppid: pgid,
    pgid,
    ownTicks: own,
    childTicks: children,
    rssKiB: 0,
  });
  const table = (at: number, processes: ProcessSample[]) => ({ at, processes, busyTicks: 0 });

  it('keeps a job process that ended, through the worker that reaped it, and counts nothing twice', () => {
    // the worker (10) and a job (11) at the first reading; at the second the job has ended after
    // 300 more ticks and the worker holds all 500 of its ticks as its children's
    const before = table(0, [
      sample(10, 10, 100, 0),
      sample(11, 10, 200, 0),
      sample(20, 20, 50, 0),
    ]);
    const after = table(1000, [sample(10, 10, 150, 500), sample(20, 20, 80, 0)]);
    expect(cpuSecondsBetween(before, after, inGroup(10))).toBe(3.5);
    expect(cpuSecondsBetween(before, after, inGroup(20))).toBe(0.3);
    expect(cpuSecondsBetween(before, after)).toBe(3.8);
  });
});
