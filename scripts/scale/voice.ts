/**
 * `SCALE_KIND=voice npm run scale`: the capacity for voice visitors, by bisection as for text
 * (scripts/scale/bisect.ts), on the same cluster with the local speech recognizer beside it. Each
 * visitor says one question (tests/support/bmo-voice-visit.ts) and hears BMO answer; the stop rule:
 * the median of a step's runs' p95 of end of speech → the first sound of the answer over 3 s, or a
 * session that does not complete in one of its runs. Writes its table into docs/scaling.md and its
 * steps into bench/scale-voice.json.
 *
 * Settings as for text: SCALE_FIRST (the first step's voice visitors, 4), SCALE_WORKERS (3),
 * SCALE_NODES (2), SCALE_MAX_JOBS (20), SCALE_REPEATS (3), SCALE_WARM_UP (true: one visit first).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { spokenQuestion, voiceVisit } from '../../tests/support/bmo-voice-visit.ts';
import { ROOT } from '../../tests/support/paths.ts';
import { cpuSecondsBetween, isProcess, readProcesses } from '../../tests/support/process-usage.ts';
import { startRecognizer } from '../../tests/support/recognizer.ts';
import { jobsUntilFull, startCluster } from '../../tests/support/scale-cluster.ts';
import { requireLiveKitServer } from '../livekit-local.ts';
import { type Bounds, findCapacity, runsOfStep } from './bisect.ts';
import { decided, withinCapacity, wrapProse, writeDocSection } from './report.ts';
import { type StepReport, type Visitor, atRest, runStep } from './step.ts';

/** The voice stop rule's bound: end of speech → the first sound of the answer, p95. */
export const VOICE_P95_MS = 3_000;

/** Within capacity for voice visitors, over the runs of one step (as for text, its own bound). */
export const withinVoiceCapacity = (runs: readonly StepReport[]): boolean =>
  withinCapacity(runs, VOICE_P95_MS);

interface VoiceStep {
  report: StepReport;
  /** The recognizer's CPU seconds over the step. */
  recognizerCpu: number;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** The Markdown table of the voice steps. */
export function voiceTable(
  steps: VoiceStep[],
  bounds: Bounds,
  cores: number,
  repeats: number,
): string {
  const reports = steps.map((s) => s.report);
  const { within, past } = bounds;
  const verdict =
    within === undefined
      ? `No step was within the stop rule (the smallest was past it at ${past ?? 'n/a'} voice visitors at once).`
      : `**${within} voice visitors at once within the stop rule (${round(within / cores, 1)} per core)**${past !== undefined ? `, ${past} past it` : ', the most the workers take'}.`;
  const lines = [
    wrapProse(
      `${verdict} Stop rule: the median of a step's runs' p95 of end of speech → the first sound of the answer over ${VOICE_P95_MS / 1000} s, or a session that does not complete in one of its runs. ${repeats > 1 ? `Each step ran up to ${repeats} times (a run shown as visitors (run); fewer where the first runs decided it), after a warm-up visit not shown.` : ''} Each visitor says one question (an espeak-ng WAV through \`AudioSource\`) after BMO's greeting and hears the answer, which must hold what was asked.`,
    ),
    '',
    '| voice visitors | within | completed | speech end → answer sound p50 / p95 / p99 ms | ready p95 ms | CPU s a session: workers / servers / recognizer | MiB a session | load |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { report: r, recognizerCpu } of steps) {
    const a = r.answerMs;
    const perSession = (s: number) => round(s / Math.max(1, r.completed));
    lines.push(
      `| ${r.visitors}${r.run === undefined ? '' : ` (${r.run})`} | ${withinVoiceCapacity(reports.filter((o) => o.visitors === r.visitors)) ? 'yes' : 'no'} | ${r.completed}/${r.visitors} | ${a.p50} / ${a.p95} / ${a.p99} | ${r.bmoReadyMs.p95} | ${r.cpuPerSession.workers} / ${r.cpuPerSession.servers} / ${perSession(recognizerCpu)} | ${r.memory.perSessionMiB} | ${r.machine.loadBefore.toFixed(1)} → ${r.machine.loadAfter.toFixed(1)} |`,
    );
  }
  return lines.join('\n');
}

export async function voiceScale(): Promise<void> {
  requireLiveKitServer();
  const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const settings = {
    nodes: count('SCALE_NODES', 2),
    workers: count('SCALE_WORKERS', 3),
    maxJobs: count('SCALE_MAX_JOBS', 20),
  };
  const recognizer = await startRecognizer();
  try {
    const cluster = await startCluster({ ...settings, recognizer });
    try {
      const question = spokenQuestion();
      const visitor: Visitor = (where) => voiceVisit({ ...where, question });
      const limits = {
        first: count('SCALE_FIRST', 4),
        most: settings.workers * jobsUntilFull(settings.maxJobs),
      };
      const repeats = Math.max(1, count('SCALE_REPEATS', 3));
      const say = (text: string) =>
        process.stdout.write(`scale voice: ${text} (load ${loadavg()[0]?.toFixed(1)})\n`);
      // a warm-up visit, not reported: the recognizer and the job processes meet it cold
      if (process.env.SCALE_WARM_UP !== 'false') {
        const warm = await runStep(cluster, 1, {}, visitor);
        say(`warm-up: ${warm.completed}/1 completed, ${warm.answerMs.p95} ms`);
        await atRest(cluster);
      }
      const steps: VoiceStep[] = [];
      const bounds = await findCapacity(limits, async (visitors) => {
        const runs = await runsOfStep(
          repeats,
          async (run) => {
            const before = readProcesses();
            const report: StepReport = { ...(await runStep(cluster, visitors, {}, visitor)), run };
            const recognizerCpu = round(
              cpuSecondsBetween(before, readProcesses(), isProcess(recognizer.pid)),
            );
            say(
              `${visitors} visitors, run ${run}: ${report.completed}/${visitors} completed, end of speech → answer sound p95 ${report.answerMs.p95} ms; jobs per worker ${Object.values(report.jobsPerWorker).join(' / ')}; recognizer ${recognizerCpu} CPU s${report.failures.length > 0 ? `; failures: ${report.failures.join('; ')}` : ''}`,
            );
            await atRest(cluster);
            return { report, recognizerCpu };
          },
          (runs) =>
            decided(
              runs.map((r) => r.report),
              repeats,
              VOICE_P95_MS,
            ),
        );
        steps.push(...runs);
        const within = withinVoiceCapacity(runs.map((r) => r.report));
        say(`${visitors} visitors: ${within ? 'within' : 'past'}`);
        return within;
      });
      const cores = cpus().length;
      await writeDocSection('scale:voice', voiceTable(steps, bounds, cores, repeats));
      writeFileSync(
        join(ROOT, 'bench/scale-voice.json'),
        JSON.stringify(
          {
            settings,
            bounds,
            cores,
            steps: steps.map((s) => ({
              ...s.report,
              results: undefined,
              recognizerCpu: s.recognizerCpu,
            })),
          },
          null,
          2,
        ),
      );
      process.stdout.write(
        `scale voice: capacity ${JSON.stringify(bounds)}; ${sum(steps.map((s) => s.report.visitors))} visits\n`,
      );
    } finally {
      await cluster.stop();
    }
  } finally {
    await recognizer.stop();
  }
}
