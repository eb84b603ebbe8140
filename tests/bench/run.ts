/**
 * `npm run bench`: every benchmark, each figure next to a baseline measured in the same run (these
 * machines are noisy, so ratios are what compare across runs). Prints one table and writes
 * bench/results.json. Run after `npm run build` (the npm script does it).
 * Choose suites with BENCH=bundle,edge,picker,reader,cassette,voice,speech,scale (default: all but scale,
 * which is `npm run scale`: minutes of load on a cluster).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { dispose } from '@livekit/rtc-node';
import { ROOT } from '../support/paths.ts';
import { bundleBench } from './bundle.bench.ts';
import { cassetteBench } from './cassette.bench.ts';
import { edgeBench } from './edge.bench.ts';
import { pickerBench } from './picker.bench.ts';
import { readerBench } from './reader.bench.ts';
import { speechBench } from './speech.bench.ts';
import { voiceReadyBench } from './voice-ready.bench.ts';
import { readerBench as readerLoadBench, scaleBench } from '../../scripts/scale/run.ts';
import { requireLiveKitServer } from '../../scripts/livekit-local.ts';
import type { BenchRow } from './stats.ts';

const suites: Record<string, () => BenchRow[] | Promise<BenchRow[]>> = {
  bundle: bundleBench,
  edge: () => edgeBench(),
  picker: () => pickerBench(),
  reader: () => readerBench(),
  cassette: () => cassetteBench(),
  voice: () => voiceReadyBench(),
  speech: () => speechBench(),
  scale: async () => [...(await scaleBench()), ...(await readerLoadBench())],
};

const chosen = (process.env.BENCH ?? Object.keys(suites).filter((name) => name !== 'scale').join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

// the suites that run a livekit-server find it, or build it with Go, as `npm start` does
const LIVEKIT_SUITES = new Set(['edge', 'cassette', 'speech', 'scale']);
if (chosen.some((name) => LIVEKIT_SUITES.has(name))) requireLiveKitServer();

const rows: BenchRow[] = [];
for (const name of chosen) {
  const suite = suites[name];
  if (!suite) throw new Error(`unknown suite ${name}; known: ${Object.keys(suites).join(', ')}`);
  process.stdout.write(`running ${name}…\n`);
  rows.push(...(await suite()));
}

console.table(
  rows.map((r) => ({
    suite: r.suite,
    figure: r.name,
    value: `${r.value} ${r.unit}`,
    baseline: r.baseline ? `${r.baseline.value} ${r.unit} (${r.baseline.name})` : '',
    ratio: r.ratio ?? '',
  })),
);

const out = join(ROOT, 'bench');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'results.json'),
  JSON.stringify(
    { time: new Date().toISOString(), node: process.version, cpus: cpus().length, rows },
    null,
    2,
  ),
);
console.log(`wrote bench/results.json (${rows.length} figures)`);
// rtc-node's native client (used by the cassette suite) keeps the event loop alive until disposed.
await dispose();
// Even so, after the speech suite the process stayed up with no JS handle left
// (process.getActiveResourcesInfo() was empty) and its main thread in epoll: a native WebRTC stack
// (rtc-node's or @roamhq/wrtc's, both loaded by that suite) still holds the loop. Everything is
// written by now, so the bench ends here rather than wait on a native library.
process.exit(0);
