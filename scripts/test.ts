/**
 * `npm test`: every layer, in order; each starts only when the one before it passed.
 * 1. `ensure-tools`: what the layers drive (Node, Chromium, livekit-server) is on this machine.
 * 2. `npm run check` beside `npm run build` and then `npm run budgets`: CPU only, nothing timed,
 *    and neither reads what the other writes. Their output is printed whole, under each one's
 *    name, as it finishes.
 * 3. The unit and integration layers (one vitest run: the integration tests' waiting overlaps the
 *    unit tests' work, as `vitest.config.ts` says), then the browser layer, then the e2e layer (on
 *    the build), their output as they run: timed tests get the machine to themselves (side by
 *    side, the unit layer would starve the browser layer's lazy imports of a session SDK past
 *    their wait).
 */
import { spawnSync } from 'node:child_process';
import { sideBySide } from './side-by-side.ts';

function stop(message: string): never {
  console.error(`npm test: ${message}`);
  process.exit(1);
}

function step(command: string, args: string[], what: string): void {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) stop(`${what} failed (above); the later layers did not run`);
}

step('node', ['scripts/ensure-tools.ts'], 'the check for the tools the tests drive');
const failed = await sideBySide(
  [
    { name: 'check', commands: [['npm', ['run', 'check']]] },
    {
      name: 'build',
      commands: [
        ['npm', ['run', 'build']],
        ['npm', ['run', 'budgets']],
      ],
    },
  ],
  'npm test:',
);
if (failed.length > 0) stop(`${failed.join(' and ')} failed (above); the later layers did not run`);
step('npx', ['vitest', 'run'], 'the unit and integration layers');
for (const layer of ['browser', 'e2e']) step('npm', ['run', `test:${layer}`], `the ${layer} layer`);
