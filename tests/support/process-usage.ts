/**
 * CPU time and memory of the run's processes and of the whole machine, read from /proc (Linux).
 *
 * CPU: each process's user + system time (`utime`, `stime`) and the time of its children that
 * ended and that it reaped (`cutime`, `cstime`). A process that ends is reaped by its parent,
 * whose children's time then holds all of it: so the CPU a set of processes used between two
 * readings is, over the set, the sum of (own + children's) time at the second reading less the same
 * sum at the first. That counts a job process that started and ended between the readings (its
 * worker reaped it) and takes nothing twice. Summed over every process it is the machine's busy
 * time, which `/proc/stat` also gives: `busyTicks` is that cross-check.
 *
 * Memory: the proportional set size (`Pss` of `/proc/<pid>/smaps_rollup`), which splits each page
 * shared by several processes (the Node binary, the SDK's native library) among them, so the
 * memory of a set of processes adds up; resident memory counts each shared page once per process.
 *
 * Reading during a run happens in the process that also runs the run's visitors and its signal
 * balancers, so it must not hold the event loop: the kernel walks a process's page tables to
 * answer `smaps_rollup`, and with both cores busy that took 2 to 5 s for 50 Node processes, during
 * which a synchronous read stalled every worker's signal connection (job requests then reached
 * the workers, and their answers LiveKit, after LiveKit's 3 s deadline). Memory and the sampling
 * reading are asynchronous; only a step's two CPU readings, which must each be one instant, are not.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';

/** Kernel clock ticks per second (USER_HZ): 100 on every Linux this runs on. */
export const TICKS_PER_SECOND = 100;
const PAGE_KB = 4;

export interface ProcessSample {
  pid: number;
  ppid: number;
  /** The process group: an agent worker and its job processes share one, as the edge's do. */
  pgid: number;
  /** User + system ticks of the process itself. */
  ownTicks: number;
  /** User + system ticks of its children that ended and that it reaped. */
  childTicks: number;
  rssKiB: number;
}

export interface ProcessTable {
  /** `performance.now()` when read. */
  at: number;
  processes: ProcessSample[];
  /** The machine's busy ticks since boot, all cores: `/proc/stat` user, nice, system, irq, softirq. */
  busyTicks: number;
}

/** One `/proc/<pid>/stat` line read; undefined when it is not one. */
export function parseStat(line: string): ProcessSample | undefined {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  // the fields after the command name, which is in parentheses and may hold spaces or ')'
  const fields = line.slice(close + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  const sample = {
    pid: Number(line.slice(0, open).trim()),
    ppid: field(4),
    pgid: field(5),
    ownTicks: field(14) + field(15),
    childTicks: field(16) + field(17),
    rssKiB: field(24) * PAGE_KB,
  };
  return Object.values(sample).every(Number.isFinite) ? sample : undefined;
}

/** The machine's busy ticks from `/proc/stat`'s first line (every core together). */
export function parseBusyTicks(procStat: string): number {
  const [, user, nice, system, , , irq, softirq] = (procStat.split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .map(Number);
  return [user, nice, system, irq, softirq].reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

const isPid = (entry: string) => /^\d+$/.test(entry);

/** Every process now, and the machine's busy ticks, read at once (a step's edges). */
export function readProcesses(): ProcessTable {
  const processes: ProcessSample[] = [];
  const busyTicks = parseBusyTicks(readFileSync('/proc/stat', 'utf8'));
  for (const entry of readdirSync('/proc').filter(isPid)) {
    try {
      const sample = parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (sample) processes.push(sample);
    } catch {
      // gone meanwhile: its reaper's children's time holds it at the next reading
    }
  }
  return { at: performance.now(), processes, busyTicks };
}

/** `readProcesses` without holding the event loop: for sampling while the run goes on. */
export async function sampleProcesses(): Promise<ProcessTable> {
  const processes: ProcessSample[] = [];
  const busyTicks = parseBusyTicks(await readFile('/proc/stat', 'utf8'));
  for (const entry of (await readdir('/proc')).filter(isPid)) {
    const sample = await readFile(`/proc/${entry}/stat`, 'utf8').then(parseStat, () => undefined);
    if (sample) processes.push(sample);
  }
  return { at: performance.now(), processes, busyTicks };
}

/** Which processes make up one part of the run. */
export type Member = (process: ProcessSample) => boolean;

export const inGroup =
  (pgid: number | undefined): Member =>
  (p) =>
    pgid !== undefined && p.pgid === pgid;

export const isProcess =
  (pid: number | undefined): Member =>
  (p) =>
    pid !== undefined && p.pid === pid;

const ticks = (table: ProcessTable, member: Member) =>
  table.processes.filter(member).reduce((sum, p) => sum + p.ownTicks + p.childTicks, 0);

/**
 * CPU seconds the `member` processes used between two readings, those that started or ended
 * between them included. Exact when the set's processes are reaped inside the set (a worker reaps
 * its job processes); one reaped from outside (a killed worker, reaped by the run) moves its time
 * to its reaper.
 */
export function cpuSecondsBetween(
  before: ProcessTable,
  after: ProcessTable,
  member: Member = () => true,
): number {
  return (ticks(after, member) - ticks(before, member)) / TICKS_PER_SECOND;
}

/** The machine's busy CPU seconds between two readings, from `/proc/stat`. */
export const busySecondsBetween = (before: ProcessTable, after: ProcessTable): number =>
  (after.busyTicks - before.busyTicks) / TICKS_PER_SECOND;

/** A process's proportional set size, MiB (0 when it is gone). */
export async function pssMiB(pid: number): Promise<number> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kib = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
    return kib ? Number(kib) / 1024 : 0;
  } catch {
    return 0;
  }
}

export interface GroupMemory {
  processes: number;
  /** Proportional set size of the members alive now, MiB. */
  pssMiB: number;
  /** Resident memory of the members alive now, MiB (shared pages once per process). */
  rssMiB: number;
}

/** The memory of the `member` processes alive in `table`, read one process at a time. */
export async function memoryOf(table: ProcessTable, member: Member): Promise<GroupMemory> {
  const members = table.processes.filter(member);
  let pss = 0;
  for (const p of members) pss += await pssMiB(p.pid);
  return {
    processes: members.length,
    pssMiB: pss,
    rssMiB: members.reduce((sum, p) => sum + p.rssKiB, 0) / 1024,
  };
}
