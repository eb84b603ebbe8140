/**
 * `npm test`: every layer, in stages; a stage starts only when the one before it passed.
 * 1. `ensure-tools`: what the layers drive (Node, Chromium, livekit-server) is on this machine.
 * 2. `npm run check` beside `npm run build` and then `npm run budgets`: CPU only, nothing timed,
 *    and neither reads what the other writes.
 * 3. The unit and browser layers side by side: neither uses the build, and the unit layer's
 *    longest files mostly wait (a real worker's idle and maximum-duration limits), which the
 *    browser layer's work fills.
 * 4. The e2e layer alone, on the build: its three lanes already fill the cores.
 * Run one after another on two cores, the stages before e2e kept about 1.6 of them busy, and 1.1
 * beside two busy loops (which take a share per runnable thread); side by side they use more.
 * Each side-by-side part's output is printed whole, under its name, as it finishes; e2e's as it
 * runs.
 */
import { spawnSync } from 'node:child_process';
import { type Step, sideBySide } from './side-by-side.ts';

const npm = (script: string): [string, string[]] => ['npm', ['run', script]];

function stop(message: string): never {
  console.error(`npm test: ${message}`);
  process.exit(1);
}

const tools = spawnSync('node', ['scripts/ensure-tools.ts'], { stdio: 'inherit' });
if (tools.status !== 0) stop('the tools the tests drive are missing (above)');

const stages: Step[][] = [
  [
    { name: 'check', commands: [npm('check')] },
    { name: 'build', commands: [npm('build'), npm('budgets')] },
  ],
  [
    { name: 'unit', commands: [npm('test:unit')] },
    { name: 'browser', commands: [npm('test:browser')] },
  ],
];
for (const steps of stages) {
  const failed = await sideBySide(steps, 'npm test:');
  if (failed.length > 0)
    stop(`${failed.join(' and ')} failed (above); the later layers did not run`);
}

const e2e = spawnSync('npm', ['run', 'test:e2e'], { stdio: 'inherit' });
if (e2e.status !== 0) stop('the e2e layer failed (above)');
