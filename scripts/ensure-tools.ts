/**
 * Checks, before the tests, that what the test layers drive is on this machine: Node 22+,
 * Chromium, and a `livekit-server` binary (built into .tools/bin with Go when it is missing and Go
 * is there). Fails loudly with the fix when something is missing: no layer is skipped silently.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumProblem } from '../tests/support/chromium.ts';
import { findLiveKitServerBinary } from '../tests/support/livekit-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const LIVEKIT_VERSION = 'v1.13.5';
const problems: string[] = [];

const major = Number(process.versions.node.split('.')[0]);
if (major < 22)
  problems.push(`Node ${process.versions.node} is too old: use Node 22 or newer (.nvmrc says 24).`);

const chromium = chromiumProblem();
if (chromium) problems.push(chromium);

try {
  findLiveKitServerBinary();
} catch {
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.status === 0) {
    console.log(`Building livekit-server ${LIVEKIT_VERSION} into .tools/bin (once; Go caches it)…`);
    const bin = join(root, '.tools/bin');
    mkdirSync(bin, { recursive: true });
    const built = spawnSync(
      'go',
      ['install', `github.com/livekit/livekit-server/cmd/server@${LIVEKIT_VERSION}`],
      { stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0', GOBIN: bin } },
    );
    if (built.status === 0) renameSync(join(bin, 'server'), join(bin, 'livekit-server'));
    else problems.push('Building livekit-server with Go failed (see above).');
  } else {
    problems.push(
      'livekit-server not found and Go is not installed to build it: install Go, or set LIVEKIT_SERVER_BIN.',
    );
  }
}

if (problems.length > 0) {
  console.error(`\nThe tests cannot run on this machine yet:\n- ${problems.join('\n- ')}\n`);
  process.exit(1);
}
