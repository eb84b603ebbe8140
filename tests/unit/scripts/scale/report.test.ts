/**
 * What `npm run scale` writes into docs/scaling.md passes the docs check once prettier has padded
 * its tables: prose wrapped, the per-step figures in two tables each under the table width, the
 * faults a list. Every figure of the run is still there.
 */
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { lineFindings } from '../../../../scripts/check-docs.ts';
import { type ScaleFaults, scaleTable, wrapProse } from '../../../../scripts/scale/report.ts';
import type { StepReport } from '../../../../scripts/scale/step.ts';
import { ROOT } from '../../../support/paths.ts';

const spread = (p50: number, p95: number, p99: number) => ({ p50, p95, p99 });

const step = (visitors: number, answerP95: number): StepReport => ({
  visitors,
  started: visitors,
  completed: visitors,
  failures: answerP95 > 1_000 ? ['visitor 3: BMO did not answer within 120 s'] : [],
  durationMs: 90_000,
  answerMs: spread(876, answerP95, 2571),
  cassetteMs: spread(933, 1299, 1299),
  tokenMs: spread(600, 1362, 1400),
  bmoReadyMs: spread(20_000, 40_000, 41_000),
  jobsPerWorker: { 'worker-1': 1, 'worker-2': 0, 'worker-3': 4 },
  peakJobsPerWorker: { 'worker-1': 1, 'worker-2': 0, 'worker-3': 4 },
  roomsPerNode: { 'node-1': 2, 'node-2': 3 },
  workerCores: { 'worker-1': 0.18, 'worker-2': 0.04, 'worker-3': 0.15 },
  workerPeakMiB: { 'worker-1': 300, 'worker-2': 120, 'worker-3': 610 },
  cpuSecondsPerSession: 7.42,
  memoryPerSessionMiB: 87.1,
  machine: { loadBefore: 36.7, loadAfter: 45.5, cores: 2 },
  results: [],
});

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
    stopped: 'node-2',
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
};

/** The section as docs/scaling.md holds it: formatted by prettier, as the scale run writes it. */
async function rendered(reports: StepReport[]): Promise<string> {
  const filepath = `${ROOT}/docs/scaling.md`;
  const options = (await resolveConfig(filepath)) ?? {};
  return format(scaleTable(reports, faults, context), { ...options, filepath });
}

describe('the scale report in docs/scaling.md', () => {
  it('passes the docs check after prettier pads its tables, with every figure kept', async () => {
    const text = await rendered([step(5, 2571), step(10, 3100), step(20, 5200)]);
    expect(lineFindings('docs/scaling.md', text)).toEqual([]);
    for (const figure of [
      '2 LiveKit nodes',
      '`BMO_MAX_JOBS` 20',
      'load threshold 0.7',
      '36.7 at the start and 45.5 at the end',
      'idle p95: 1313 ms',
      '876 / 2571 / 2571',
      '876 / 3100 (×1.2) / 2571',
      '933 / 1299 / 1299',
      '1362',
      '1 / 0 / 4',
      '2 / 3',
      '0.18 / 0.04 / 0.15',
      '7.42',
      '87.1',
      'under 2.5 sessions per core',
      'visitor 3: BMO did not answer within 120 s',
      'One worker killed (worker-3)',
      '8228 / 24442 ms',
      '0 other sessions noticed',
      'One node killed (node-2)',
      '60122 / 88075 ms',
      'need no Redis once made',
      '"message":"BMO is not available right now."',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(figure);
    }
  });

  it('keeps the faults as a list and the steps as two tables', async () => {
    const text = await rendered([step(5, 2571)]);
    expect(text).toMatch(/^- \*\*One worker killed/m);
    expect(text).toMatch(/^- \*\*One node killed/m);
    expect(text).toMatch(/^- \*\*Redis stopped/m);
    expect(text.match(/^\| visitors /gm)).toHaveLength(2);
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
