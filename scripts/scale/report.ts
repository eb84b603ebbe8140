/**
 * What the scale run reports: rows for bench/results.json (each figure beside the 10-visitor step
 * or the idle route, measured in the same run) and the tables and list docs/scaling.md shows between
 * its `scale:table` markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ROOT } from '../../tests/support/paths.ts';
import { type BenchRow, row } from '../../tests/bench/stats.ts';
import type { NodeStopReport, RedisStopReport, WorkerKillReport } from './faults.ts';
import type { StepReport } from './step.ts';

export interface ScaleContext {
  settings: { nodes: number; workers: number; maxJobs: number; loadThreshold: number };
  tokenIdleP95: number;
  cores: number;
  loadAtStart: number;
  loadAtEnd: number;
}

export interface ScaleFaults {
  worker: WorkerKillReport;
  node: NodeStopReport;
  redis: RedisStopReport;
}

const within = (s: StepReport) => s.completed === s.visitors && s.answerMs.p95 <= 1_000;

/** The largest step within capacity, as sessions per core. */
export function capacityPerCore(reports: StepReport[], cores: number): number {
  const good = reports.filter(within).at(-1);
  return good ? good.visitors / cores : 0;
}

export function scaleRows(
  reports: StepReport[],
  faults: ScaleFaults | undefined,
  context: ScaleContext,
): BenchRow[] {
  const base = reports[0];
  const rows: BenchRow[] = [];
  const s = context.settings;
  const settings = `${s.workers} workers, ${s.nodes} nodes, BMO_MAX_JOBS ${s.maxJobs}, load threshold ${s.loadThreshold}; load average ${context.loadAtStart.toFixed(1)} on ${context.cores} cores at the start`;
  for (const step of reports) {
    const n = step.visitors;
    rows.push(
      row(
        'scale',
        `${n} visitors: sessions completed`,
        step.completed,
        'sessions',
        { name: 'started', value: step.visitors },
        settings,
      ),
    );
    for (const p of ['p50', 'p95', 'p99'] as const) {
      const ref =
        base && step !== base
          ? { name: `10-visitor step ${p}`, value: base.answerMs[p] }
          : undefined;
      rows.push(row('scale', `${n} visitors: question → answer ${p}`, step.answerMs[p], 'ms', ref));
      const cref =
        base && step !== base
          ? { name: `10-visitor step ${p}`, value: base.cassetteMs[p] }
          : undefined;
      rows.push(
        row('scale', `${n} visitors: question → cassette ${p}`, step.cassetteMs[p], 'ms', cref),
      );
    }
    rows.push(
      row('scale', `${n} visitors: token route p95`, step.tokenMs.p95, 'ms', {
        name: 'idle p95',
        value: context.tokenIdleP95,
      }),
    );
    rows.push(row('scale', `${n} visitors: CPU per session`, step.cpuSecondsPerSession, 'CPU s'));
    rows.push(
      row('scale', `${n} visitors: worker memory per session`, step.memoryPerSessionMiB, 'MiB'),
    );
    rows.push(
      row(
        'scale',
        `${n} visitors: most jobs on one worker`,
        Math.max(...Object.values(step.peakJobsPerWorker)),
        'jobs',
        { name: 'BMO_MAX_JOBS', value: s.maxJobs },
        JSON.stringify(step.jobsPerWorker),
      ),
    );
  }
  rows.push(
    row(
      'scale',
      'capacity on this machine',
      capacityPerCore(reports, context.cores),
      'sessions/core',
      undefined,
      settings,
    ),
  );
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
        `node stopped at ${n.visitors}: sessions completed`,
        n.completed,
        'sessions',
        { name: 'visitors', value: n.visitors },
        `${n.affected} reconnected`,
      ),
    );
    rows.push(row('scale', 'node stopped: room lost → BMO back, p95', n.reconnectMs.p95, 'ms'));
    rows.push(
      row('scale', 'Redis stopped: new visitor', 0, '', undefined, faults.redis.newVisitor),
    );
  }
  return rows;
}

const cell = (n: number) => (Number.isFinite(n) ? String(n) : '–');
const ratio = (value: number, base: number | undefined) =>
  base && Number.isFinite(value) && base > 0 ? ` (×${(value / base).toFixed(1)})` : '';
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
 * The Markdown of the run, with its settings and the machine's load: a table of latencies, a
 * table of resources (two tables, each narrow enough for the docs check) and a list of the faults.
 */
export function scaleTable(
  reports: StepReport[],
  faults: ScaleFaults | undefined,
  context: ScaleContext,
): string {
  const s = context.settings;
  const base = reports[0];
  const lines = [
    wrapProse(
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run scale\`: ${s.workers} workers, ${s.nodes} LiveKit nodes, \`BMO_MAX_JOBS\` ${s.maxJobs}, load threshold ${s.loadThreshold}, on ${context.cores} cores with a 1-minute load average of ${context.loadAtStart.toFixed(1)} at the start and ${context.loadAtEnd.toFixed(1)} at the end (the run's own load included). Token route idle p95: ${Math.round(context.tokenIdleP95)} ms.`,
    ),
    '',
    '| visitors | completed | answer p50 / p95 / p99 ms | cassette p50 / p95 / p99 ms | token p95 ms |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of reports) {
    // each step beside the first (the 10-visitor step), never the first beside itself
    const ref = r === base ? undefined : base;
    const a = r.answerMs;
    const c = r.cassetteMs;
    lines.push(
      `| ${r.visitors} | ${r.completed}/${r.visitors} | ${cell(a.p50)} / ${cell(a.p95)}${ratio(a.p95, ref?.answerMs.p95)} / ${cell(a.p99)} | ${cell(c.p50)} / ${cell(c.p95)}${ratio(c.p95, ref?.cassetteMs.p95)} / ${cell(c.p99)} | ${cell(r.tokenMs.p95)} |`,
    );
  }
  lines.push(
    '',
    '| visitors | jobs per worker | rooms per node | worker cores | CPU s per session | MiB per session |',
    '| --- | --- | --- | --- | --- | --- |',
    ...reports.map(
      (r) =>
        `| ${r.visitors} | ${each(r.jobsPerWorker)} | ${each(r.roomsPerNode)} | ${each(r.workerCores)} | ${r.cpuSecondsPerSession} | ${r.memoryPerSessionMiB} |`,
    ),
  );
  const capacity = capacityPerCore(reports, context.cores);
  const first = reports[0];
  lines.push(
    '',
    wrapProse(
      capacity > 0 || !first
        ? `Capacity on this machine: **${capacity} sessions per core** (the largest step where every session completed and the answer p95 stayed under 1 s).`
        : `Capacity on this machine: **under ${first.visitors / context.cores} sessions per core** as it was loaded: no step, not even the first (${first.visitors} visitors), kept every session and an answer p95 under 1 s.`,
    ),
  );
  const failed = reports.find((r) => !within(r));
  if (failed?.failures.length)
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
        `**One node killed (${n.stopped}).** ${n.affected} visitors lost their room and reconnected through the edge to the other node (p50 / p95 ${cell(n.reconnectMs.p50)} / ${cell(n.reconnectMs.p95)} ms); ${n.completed}/${n.visitors} completed.`,
      ),
      item(
        `**Redis stopped.** A visitor mid-conversation ${faults.redis.liveVisitor}; a new visitor: ${faults.redis.newVisitor}`,
      ),
    );
    if (!reports.some(within)) {
      lines.push(
        '',
        wrapProse(
          `No step was within capacity on the machine as it was; the faults ran at ${w.visitors} visitors, the first step, where every session completed though the answers' p95 passed 1 s.`,
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
