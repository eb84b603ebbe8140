/**
 * What the scale run reports: rows for bench/results.json (each saying what it measures, beside
 * what bounds it where something does) and the capacity, tables and list docs/scaling.md shows
 * between its `scale:table` markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ROOT } from '../../tests/support/paths.ts';
import { type BenchRow, median, row } from '../../tests/bench/stats.ts';
import type { NodeStopReport, RedisStopReport, WorkerKillReport } from './faults.ts';
import type { StepReport } from './step.ts';

export interface ScaleContext {
  settings: { nodes: number; workers: number; maxJobs: number; loadThreshold: number };
  tokenIdleP95: number;
  cores: number;
  loadAtStart: number;
  loadAtEnd: number;
  /** The runs of each step (fewer where the first ones decided it). */
  repeats: number;
}

export interface ScaleFaults {
  worker: WorkerKillReport;
  node: NodeStopReport;
  redis: RedisStopReport;
}

/** The stop rule for text visitors, in the words the report uses. */
export const TEXT_STOP_RULE =
  "a step is past capacity when a session does not complete in one of its runs or the median of its runs' answer p95 passes 1 s";

/** The text stop rule's bound: question → answer, the median of the runs' p95. */
export const TEXT_P95_MS = 1_000;

const completedAll = (s: StepReport) => s.completed === s.visitors;

/**
 * Within capacity for text visitors, over the runs of one step: every session of every run
 * completed, and the median of the runs' answer p95 is at most 1 s. The median, so that one run
 * a busy moment slowed does not decide a step alone; a session lost in any run does.
 */
export const withinCapacity = (runs: readonly StepReport[], boundMs = TEXT_P95_MS): boolean =>
  runs.length > 0 && runs.every(completedAll) && median(runs.map((s) => s.answerMs.p95)) <= boundMs;

/** Whether the runs so far decide their step whatever the ones left of `repeats` show. */
export function decided(
  runs: readonly StepReport[],
  repeats: number,
  boundMs = TEXT_P95_MS,
): boolean {
  if (runs.length >= repeats) return true;
  if (!runs.every(completedAll)) return true;
  // past once more than half of all the runs are over the bound
  return runs.filter((s) => s.answerMs.p95 > boundMs).length > repeats / 2;
}

/** What the search found: the largest step within capacity and the smallest past it. */
export interface Capacity {
  within?: number;
  past?: number;
  /** The most the workers take at all (each up to the load threshold): the search stopped there. */
  most: number;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** Whether the step `report` is a run of was within capacity, over all its runs. */
const stepWithin = (reports: readonly StepReport[], report: StepReport) =>
  withinCapacity(reports.filter((r) => r.visitors === report.visitors));

/** A run's visitors as the tables show them: `10 (2)` for the second run of 10. */
const visitorsCell = (r: StepReport) => `${r.visitors}${r.run === undefined ? '' : ` (${r.run})`}`;
const perCore = (visitors: number, cores: number) => Math.round((visitors / cores) * 10) / 10;

/** The capacity in words: between the bounds, per core, and what bounds it. */
export function capacityWords(capacity: Capacity, cores: number): string {
  const { within, past, most } = capacity;
  if (within === undefined)
    return `under ${past ?? 1} visitors at once: not even a step of ${past ?? 1} stayed within the stop rule`;
  if (past === undefined)
    return `at least ${within} visitors at once (${perCore(within, cores)} sessions per core): the most the workers take before each reports itself full (${most}) stayed within the stop rule, so the machine was not what limited it`;
  return `${within} visitors at once (${perCore(within, cores)} sessions per core), under ${past} (${perCore(past, cores)} per core): ${within} stayed within the stop rule and ${past} did not`;
}

export function scaleRows(
  reports: StepReport[],
  capacity: Capacity,
  faults: ScaleFaults | undefined,
  context: ScaleContext,
): BenchRow[] {
  const rows: BenchRow[] = [];
  const s = context.settings;
  const settings = `${s.workers} workers registered with one of ${s.nodes} LiveKit nodes, BMO_MAX_JOBS ${s.maxJobs}, load threshold ${s.loadThreshold}; load average ${context.loadAtStart.toFixed(1)} on ${context.cores} cores at the start`;
  rows.push(
    row(
      'scale',
      'text visitors: capacity, visitors at once (by bisection)',
      capacity.within ?? 0,
      'visitors',
      capacity.past === undefined
        ? undefined
        : { name: 'smallest step past capacity', value: capacity.past },
      `${TEXT_STOP_RULE}; ${settings}`,
    ),
    row(
      'scale',
      'text visitors: capacity per core',
      perCore(capacity.within ?? 0, context.cores),
      'sessions/core',
      capacity.past === undefined
        ? undefined
        : { name: 'past capacity', value: perCore(capacity.past, context.cores) },
      capacityWords(capacity, context.cores),
    ),
  );
  for (const step of reports) {
    const n = `${step.visitors} text visitors${step.run === undefined ? '' : `, run ${step.run}`}`;
    const load = `load average ${step.machine.loadBefore.toFixed(1)} before, ${step.machine.loadAfter.toFixed(1)} after`;
    rows.push(
      row(
        'scale',
        `${n}: sessions completed`,
        step.completed,
        'sessions',
        { name: 'visitors', value: step.visitors },
        `${stepWithin(reports, step) ? 'within' : 'past'} capacity; ${load}`,
      ),
    );
    for (const p of ['p50', 'p95', 'p99'] as const) {
      rows.push(row('scale', `${n}: question → answer ${p}`, step.answerMs[p], 'ms'));
    }
    rows.push(row('scale', `${n}: question → cassette p95`, step.cassetteMs.p95, 'ms'));
    rows.push(
      row('scale', `${n}: token route p95`, step.tokenMs.p95, 'ms', {
        name: 'idle p95',
        value: context.tokenIdleP95,
      }),
    );
    const { cpu } = step;
    rows.push(
      row(
        'scale',
        `${n}: servers' CPU per session`,
        step.cpuPerSession.servers,
        'CPU s',
        { name: "workers' alone", value: step.cpuPerSession.workers },
        'the workers with their job processes (those that ended included), the LiveKit nodes with their signal balancers, Redis and the edge, over the step, per completed session',
      ),
      row(
        'scale',
        `${n}: every process's CPU against /proc/stat`,
        cpu.processes,
        'CPU s',
        { name: '/proc/stat busy', value: cpu.procStat },
        `over ${cpu.wallSeconds} s: workers ${Object.values(cpu.workers).join(' / ')}, LiveKit ${cpu.livekit}, Redis ${cpu.redis}, edge ${cpu.edge}, visitors ${cpu.visitors}, other work on the machine ${cpu.others}`,
      ),
      row(
        'scale',
        `${n}: worker memory per session`,
        step.memory.perSessionMiB,
        'MiB',
        undefined,
        `the workers' proportional set size above rest with ${step.memory.peakSessions} sessions held at once, per session`,
      ),
      row(
        'scale',
        `${n}: worker memory at rest`,
        sum(Object.values(step.memory.workerAtRestMiB)) / Math.max(1, s.workers),
        'MiB',
        undefined,
        `each worker with its idle job processes, proportional set size: ${Object.values(step.memory.workerAtRestMiB).join(' / ')}`,
      ),
      row(
        'scale',
        `${n}: most jobs one worker held at once`,
        Math.max(...Object.values(step.peakJobsPerWorker)),
        'jobs',
        { name: 'BMO_MAX_JOBS', value: s.maxJobs },
        `each worker's most at once: ${Object.values(step.peakJobsPerWorker).join(' / ')}`,
      ),
      row(
        'scale',
        `${n}: fewest jobs a worker took`,
        Math.min(...Object.values(step.jobsPerWorker)),
        'jobs',
        { name: 'rooms', value: sum(Object.values(step.jobsPerWorker)) },
        `jobs each worker took over the step: ${Object.values(step.jobsPerWorker).join(' / ')}`,
      ),
    );
  }
  if (faults) {
    const w = faults.worker;
    rows.push(
      row(
        'scale',
        `worker killed at ${w.visitors}: its sessions back with BMO`,
        w.affectedRecovered,
        'sessions',
        { name: 'its sessions', value: w.affected },
        `${w.othersDisturbed} other sessions disturbed`,
      ),
    );
    rows.push(row('scale', 'worker killed: BMO lost → back, p95', w.recoveryMs.p95, 'ms'));
    const n = faults.node;
    rows.push(
      row(
        'scale',
        `the workers' node killed at ${n.visitors}: sessions completed`,
        n.completed,
        'sessions',
        { name: 'visitors', value: n.visitors },
        `${n.affected} reconnected; the running workers registered again with ${n.workersMovedTo} in ${Math.round(n.workersBackMs)} ms`,
      ),
    );
    rows.push(row('scale', 'node killed: BMO lost → back, p95', n.reconnectMs.p95, 'ms'));
    rows.push(
      row('scale', 'Redis stopped: new visitor', 0, '', undefined, faults.redis.newVisitor),
    );
  }
  return rows;
}

const cell = (n: number) => (Number.isFinite(n) ? String(n) : '–');
const signed = (fraction: number) =>
  `${fraction >= 0 ? '+' : '−'}${Math.abs(fraction * 100).toFixed(1)}%`;
const each = (values: Record<string, number>) => Object.values(values).join(' / ');

/** A word that would open a list, a quote, a heading or a table if it began a line. */
const opensBlock = (word: string) => /^([-+*>#|]|\d+[.)]|=+)$/.test(word) || word.startsWith('|');

/**
 * `text` as lines of at most `width` characters (a longer word stays whole), each line after the
 * first led by `indent`; a word Markdown would read as a block's start never begins a line.
 */
export function wrapProse(text: string, width = 100, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const lead = lines.length === 0 ? '' : indent;
    if (line && [...`${lead}${line} ${word}`].length > width && !opensBlock(word)) {
      lines.push(`${lead}${line}`);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(`${lines.length === 0 ? '' : indent}${line}`);
  return lines.join('\n');
}

/** A list item of wrapped prose. */
const item = (text: string) => wrapProse(`- ${text}`, 100, '  ');

/**
 * The Markdown of the run, with its settings and the machine's load: the capacity and its stop
 * rule, then a table each for latencies, dispatch, CPU and memory (each narrow enough for the docs
 * check), in the order the steps ran, and a list of the faults.
 */
export function scaleTable(
  reports: StepReport[],
  capacity: Capacity,
  faults: ScaleFaults | undefined,
  context: ScaleContext,
): string {
  const s = context.settings;
  const lines = [
    wrapProse(
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run scale\`: ${s.workers} workers registered with one of ${s.nodes} LiveKit nodes, \`BMO_MAX_JOBS\` ${s.maxJobs}, load threshold ${s.loadThreshold}, on ${context.cores} cores with a 1-minute load average of ${context.loadAtStart.toFixed(1)} at the start and ${context.loadAtEnd.toFixed(1)} at the end (the run's own load included). Token route idle p95: ${Math.round(context.tokenIdleP95)} ms.`,
    ),
    '',
    wrapProse(
      `**Text visitors: ${capacityWords(capacity, context.cores)}.** Found by bisection to within 10% or one visitor, whichever is larger; stop rule: ${TEXT_STOP_RULE}. ${context.repeats > 1 ? `Each step ran up to ${context.repeats} times (a run shown as visitors (run); fewer where the first runs decided it), after a warm-up step not shown,` : 'Each step ran once,'} in this order:`,
    ),
    '',
    '| visitors | within | completed | answer p50 / p95 / p99 ms | cassette p95 ms | token p95 ms | load average before → after |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of reports) {
    const a = r.answerMs;
    lines.push(
      `| ${visitorsCell(r)} | ${stepWithin(reports, r) ? 'yes' : 'no'} | ${r.completed}/${r.visitors} | ${cell(a.p50)} / ${cell(a.p95)} / ${cell(a.p99)} | ${cell(r.cassetteMs.p95)} | ${cell(r.tokenMs.p95)} | ${r.machine.loadBefore.toFixed(1)} → ${r.machine.loadAfter.toFixed(1)} |`,
    );
  }
  lines.push(
    '',
    'Dispatch: the jobs each worker took, the most each held at once, and the rooms each node held.',
    '',
    '| visitors | jobs per worker | most held at once | rooms per node |',
    '| --- | --- | --- | --- |',
    ...reports.map(
      (r) =>
        `| ${visitorsCell(r)} | ${each(r.jobsPerWorker)} | ${each(r.peakJobsPerWorker)} | ${each(r.roomsPerNode)} |`,
    ),
    '',
    wrapProse(
      "CPU seconds over each step, by part: each worker with its job processes (those that ended during the step included), the LiveKit nodes with their signal balancers, Redis, the edge, the simulated visitors, and the machine's other work; their sum beside `/proc/stat`'s busy time; and the servers' CPU (workers, LiveKit, Redis, edge) per completed session.",
    ),
    '',
    '| visitors | wall s | workers | LiveKit | Redis | edge | visitors | others | sum | /proc/stat | servers per session |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...reports.map((r) => {
      const { cpu, cpuPerSession } = r;
      const off = cpu.procStat > 0 ? ` (${signed(cpu.processes / cpu.procStat - 1)})` : '';
      return `| ${visitorsCell(r)} | ${cpu.wallSeconds} | ${each(cpu.workers)} | ${cpu.livekit} | ${cpu.redis} | ${cpu.edge} | ${cpu.visitors} | ${cpu.others} | ${cpu.processes}${off} | ${cpu.procStat} | ${cpuPerSession.servers} |`;
    }),
    '',
    wrapProse(
      "Memory of the workers, as proportional set size (each page shared by several processes split among them, so the figures add up): each worker at rest with its idle job processes, each worker's most during the step, and the workers' memory above rest per session at the moment they held the most sessions at once.",
    ),
    '',
    '| visitors | at rest MiB | most MiB | sessions held at once | MiB per session |',
    '| --- | --- | --- | --- | --- |',
    ...reports.map(
      (r) =>
        `| ${visitorsCell(r)} | ${each(r.memory.workerAtRestMiB)} | ${each(r.memory.workerPeakMiB)} | ${r.memory.peakSessions} | ${r.memory.perSessionMiB} |`,
    ),
  );
  const failed = reports.find((r) => !stepWithin(reports, r) && r.failures.length > 0);
  if (failed)
    lines.push(
      '',
      wrapProse(
        `First failures at ${failed.visitors}: ${[...new Set(failed.failures)].slice(0, 3).join('; ')}.`,
      ),
    );
  if (faults) {
    const w = faults.worker;
    const n = faults.node;
    lines.push(
      '',
      `The faults, at ${w.visitors} visitors:`,
      '',
      item(
        `**One worker killed (${w.killed}).** ${w.affected} sessions were on it; ${w.affectedRecovered} saw BMO leave and got BMO back on Reconnect (p50 / p95 ${cell(w.recoveryMs.p50)} / ${cell(w.recoveryMs.p95)} ms); ${w.othersDisturbed} other sessions noticed; ${w.completed}/${w.visitors} completed.`,
      ),
      item(
        `**The workers' node killed (${n.stopped}).** The running workers registered again, with ${n.workersMovedTo}, ${Math.round(n.workersBackMs)} ms after the kill; ${n.affected} visitors lost BMO and reconnected through the edge (p50 / p95 ${cell(n.reconnectMs.p50)} / ${cell(n.reconnectMs.p95)} ms); ${n.completed}/${n.visitors} completed.`,
      ),
      item(
        `**Redis stopped.** A visitor mid-conversation ${faults.redis.liveVisitor}; a new visitor: ${faults.redis.newVisitor}`,
      ),
    );
    if (capacity.within === undefined) {
      lines.push(
        '',
        wrapProse(
          `No step was within capacity on the machine as it was; the faults ran at ${w.visitors} visitors, the smallest step where every session completed.`,
        ),
      );
    }
  }
  return lines.join('\n');
}

/** Puts `text` between the `<!-- {name}:start -->` and `<!-- {name}:end -->` markers of docs/scaling.md. */
export async function writeDocSection(name: string, text: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const path = join(ROOT, 'docs/scaling.md');
  const doc = readFileSync(path, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/scaling.md has no ${start} … ${end} markers`);
  const next = `${doc.slice(0, from + start.length)}\n${text}\n${doc.slice(to)}`;
  // formatted as the repository's check expects, so a run leaves the docs as `npm run check` wants
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(next, { ...options, filepath: path }));
}
