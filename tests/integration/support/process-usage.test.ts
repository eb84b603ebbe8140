/**
 * The scale run's CPU accounting (`tests/support/process-usage.ts`) on real processes: a process
 * group whose child burns CPU and ends before the second reading still counts that CPU (its parent
 * reaped it), where the processes alive at the reading hold almost none of it; and every process's
 * time together is the machine's busy time in `/proc/stat`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  busySecondsBetween,
  cpuSecondsBetween,
  inGroup,
  readProcesses,
} from '../../support/process-usage.ts';

/** A parent that runs a child burning `seconds` of CPU, says `done` once the child has ended
 * and been reaped, and stays until its stdin closes. */
const parentScript = (seconds: number) => `
const { spawnSync } = require('node:child_process');
const burn = 'const end = process.cpuUsage().user + ${seconds * 1e6}; while (process.cpuUsage().user < end);';
const child = spawnSync(process.execPath, ['-e', burn]);
process.stdout.write(child.status === 0 ? 'done' : 'failed');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

describe('CPU of a process group read from /proc', () => {
  it('counts a child that ended between the readings, and adds up to /proc/stat', async () => {
    const seconds = 0.5;
    const before = readProcesses();
    const parent = spawn(process.execPath, ['-e', parentScript(seconds)], {
      detached: true,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    try {
      const [said] = (await once(parent.stdout, 'data')) as [Buffer];
      expect(said.toString()).toBe('done');
      const after = readProcesses();
      const group = inGroup(parent.pid);

      expect(after.processes.filter(group)).toHaveLength(1); // the child is gone
      const counted = cpuSecondsBetween(before, after, group);
      expect(counted).toBeGreaterThanOrEqual(seconds);
      // what summing the live processes' own time gives: the ended child's CPU is not in it
      const ownOnly = after.processes.filter(group).reduce((sum, p) => sum + p.ownTicks, 0) / 100;
      expect(ownOnly).toBeLessThan(seconds);

      const busy = busySecondsBetween(before, after);
      expect(Math.abs(cpuSecondsBetween(before, after) - busy)).toBeLessThanOrEqual(busy * 0.1);
    } finally {
      parent.stdin.end();
      await once(parent, 'exit');
    }
  });
});
