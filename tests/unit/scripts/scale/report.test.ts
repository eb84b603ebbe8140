/**
 * What `npm run scale` writes into docs/scaling.md passes the docs check once prettier has padded
 * its tables: prose wrapped, the capacity with its bounds and stop rule, the per-step figures in
 * tables each under the table width, the faults a list. Every figure of the run is still there,
 * and each results row says what it measures.
 */
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { lineFindings } from '../../../../scripts/check-docs.ts';
import {
  type Capacity,
  type ScaleFaults,
  capacityWords,
  decided,
  scaleRows,
  scaleTable,
  withinCapacity,
  wrapProse,
} from '../../../../scripts/scale/report.ts';
import type { StepReport } from '../../../../scripts/scale/step.ts';
import { spread, step } from '../../helpers/scale-step.ts';
import { ROOT } from '../../../support/paths.ts';

const faults: ScaleFaults = {
  worker: {
    visitors: 5,
    killed: 'worker-3',
    affected: 3,
    affectedRecovered: 3,
    othersDisturbed: 0,
    completed: 5,
    recoveryMs: spread(8228, 24442, 24442),
    results: [],
  },
  node: {
    visitors: 5,
    stopped: 'node-1',
    workersMovedTo: 'node-2',
    workersBackMs: 2310.4,
    affected: 4,
    completed: 5,
    reconnectMs: spread(60122, 88075, 88075),
    results: [],
  },
  redis: {
    liveVisitor:
      'finished its conversation (its room, job and signal connection need no Redis once made)',
    newVisitor:
      'token route answered 502: {"error":{"code":"upstream_unavailable","message":"BMO is not available right now."}}',
  },
};

const context = {
  settings: { nodes: 2, workers: 3, maxJobs: 20, loadThreshold: 0.7 },
  tokenIdleP95: 1313.4,
  cores: 2,
  loadAtStart: 36.7,
  loadAtEnd: 45.5,
  repeats: 1,
};

const capacity: Capacity = { within: 10, past: 11, most: 42 };

/** The section as docs/scaling.md holds it: formatted by prettier, as the scale run writes it. */
async function rendered(reports: StepReport[], found = capacity): Promise<string> {
  const filepath = `${ROOT}/docs/scaling.md`;
  const options = (await resolveConfig(filepath)) ?? {};
  return format(scaleTable(reports, found, faults, context), { ...options, filepath });
}

describe('the scale report in docs/scaling.md', () => {
  it('passes the docs check after prettier pads its tables, with every figure kept', async () => {
    const text = await rendered([step(5, 700), step(10, 900), step(20, 5200), step(11, 1100)]);
    expect(lineFindings('docs/scaling.md', text)).toEqual([]);
    for (const figure of [
      '3 workers registered with one of 2 LiveKit nodes',
      '`BMO_MAX_JOBS` 20',
      'load threshold 0.7',
      '36.7 at the start and 45.5 at the end',
      'idle p95: 1313 ms',
      '10 visitors at once (5 sessions per core), under 11 (5.5 per core)',
      'within 10% or one visitor',
      "a session does not complete in one of its runs or the median of its runs' answer p95 passes 1 s",
      '876 / 5200 / 2571',
      '36.7 → 45.5',
      '1 / 2 / 4',
      '1 / 2 / 3',
      '2 / 5',
      '3.41 / 6.02 / 11.7',
      '52.44 (−1.2%)',
      '53.1',
      '3.55',
      '301 / 298 / 305',
      '402 / 500 / 711',
      '118.2',
      'visitor 3: BMO did not answer within 120 s',
      'One worker killed (worker-3)',
      '8228 / 24442 ms',
      '0 other sessions noticed',
      "The workers' node killed (node-1)",
      'with node-2, 2310 ms after the kill',
      '60122 / 88075 ms',
      'need no Redis once made',
      '"message":"BMO is not available right now."',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(figure);
    }
  });

  it('keeps the faults as a list and the steps as four tables', async () => {
    const text = await rendered([step(5, 2571)]);
    expect(text).toMatch(/^- \*\*One worker killed/m);
    expect(text).toMatch(/^- \*\*The workers' node killed/m);
    expect(text).toMatch(/^- \*\*Redis stopped/m);
    expect(text.match(/^\| visitors /gm)).toHaveLength(4);
  });

  it('says what bounds the capacity when no step or every step was within it', () => {
    expect(capacityWords({ past: 5, most: 42 }, 2)).toMatch(/^under 5 visitors at once/);
    expect(capacityWords({ within: 42, most: 42 }, 2)).toMatch(
      /^at least 42 visitors at once \(21 sessions per core\): the most the workers take/,
    );
  });

  it('rows say what they measure: capacity beside its bound, CPU beside /proc/stat, memory per session', () => {
    const rows = scaleRows([step(10, 900), step(11, 1100)], capacity, faults, context);
    const named = (name: string) => rows.find((r) => r.name === name);
    expect(named('text visitors: capacity per core')).toMatchObject({
      value: 5,
      baseline: { name: 'past capacity', value: 5.5 },
    });
    expect(named("10 text visitors: every process's CPU against /proc/stat")).toMatchObject({
      value: 52.44,
      baseline: { name: '/proc/stat busy', value: 53.1 },
    });
    expect(named('10 text visitors: worker memory per session')?.note).toMatch(
      /6 sessions held at once/,
    );
    expect(named('10 text visitors: most jobs one worker held at once')).toMatchObject({
      value: 3,
      note: "each worker's most at once: 1 / 2 / 3",
    });
    expect(named('10 text visitors: fewest jobs a worker took')).toMatchObject({
      value: 1,
      note: 'jobs each worker took over the step: 1 / 2 / 4',
    });
  });
});

describe('a step run more than once', () => {
  const run = (visitors: number, answerP95: number, n: number, completed = visitors) => ({
    ...step(visitors, answerP95),
    run: n,
    completed,
  });

  it('is within capacity by the median of its runs’ answer p95, not by one slow run', () => {
    expect(withinCapacity([run(8, 700, 1), run(8, 1900, 2), run(8, 900, 3)])).toBe(true);
    expect(withinCapacity([run(8, 700, 1), run(8, 1100, 2), run(8, 1900, 3)])).toBe(false);
    expect(withinCapacity([])).toBe(false);
  });

  it('is past capacity when one session of one run did not complete, however fast the rest', () => {
    expect(withinCapacity([run(8, 300, 1), run(8, 300, 2, 7), run(8, 300, 3)])).toBe(false);
  });

  it('stops running once its verdict cannot change', () => {
    expect(decided([run(8, 700, 1)], 3)).toBe(false);
    expect(decided([run(8, 1200, 1)], 3)).toBe(false);
    expect(decided([run(8, 1200, 1), run(8, 1300, 2)], 3)).toBe(true);
    expect(decided([run(8, 300, 1, 7)], 3)).toBe(true);
    expect(decided([run(8, 700, 1), run(8, 800, 2), run(8, 900, 3)], 3)).toBe(true);
  });

  it('shows each run, the step’s verdict on every one, and results rows named by run', async () => {
    const reports = [
      run(10, 700, 1),
      run(10, 1900, 2),
      run(10, 800, 3),
      run(20, 5200, 1),
      run(20, 5300, 2),
    ];
    const filepath = `${ROOT}/docs/scaling.md`;
    const options = (await resolveConfig(filepath)) ?? {};
    const text = await format(
      scaleTable(reports, { within: 10, past: 20, most: 42 }, undefined, {
        ...context,
        repeats: 3,
      }),
      { ...options, filepath },
    );
    expect(lineFindings('docs/scaling.md', text)).toEqual([]);
    expect(text.replace(/\s+/g, ' ')).toContain('Each step ran up to 3 times');
    const latency = text.split('\n').filter((line) => /^\| (10|20) \(\d\)/.test(line));
    expect(latency.slice(0, 5).map((line) => line.split('|')[2]?.trim())).toEqual([
      'yes',
      'yes',
      'yes',
      'no',
      'no',
    ]);
    const rows = scaleRows(reports, { within: 10, past: 20, most: 42 }, undefined, context);
    expect(
      rows.find((r) => r.name === '10 text visitors, run 2: sessions completed')?.note,
    ).toMatch(/^within capacity/);
  });
});

describe('wrapProse', () => {
  it('wraps at the width and never starts a line with a word that opens a block', () => {
    const text = `${'word '.repeat(19)}- ${'x '.repeat(60)}# 12. | >`;
    const lines = wrapProse(text, 100, '  ').split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^ {2}\S/);
      expect(line.trim()).not.toMatch(/^([-+*>#|]|\d+[.)])\s/);
    }
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' ').trim());
  });
});
