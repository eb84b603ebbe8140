/**
 * CPU time and memory of a process group, read from /proc (Linux): an agent worker and its job
 * processes share one group, so this is what the worker costs in all. CPU is user + system time
 * since each process started; the difference between two readings is the time spent between them.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ): 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;
const PAGE_KB = 4;

export interface GroupUsage {
  processes: number;
  /** User + system CPU seconds of the processes alive now. */
  cpuSeconds: number;
  /** Resident memory of those processes, MiB. */
  rssMiB: number;
}

export function groupUsage(pgid: number): GroupUsage {
  const usage: GroupUsage = { processes: 0, cpuSeconds: 0, rssMiB: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    usage.processes += 1;
    usage.cpuSeconds += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    usage.rssMiB += (Number(fields[21]) * PAGE_KB) / 1024;
  }
  return usage;
}
