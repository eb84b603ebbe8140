/**
 * Checks, before the tests, that what the test layers drive is on this machine: Node 22+,
 * Chromium, a `livekit-server` binary (built into .tools/bin with Go when it is missing and Go
 * is there) and the speech recognizer's Python environment (made when it is missing and Python
 * is there). Fails loudly with the fix when something is missing: no layer is skipped silently.
 */
import { chromiumProblem } from '../tests/support/chromium.ts';
import { findOrBuildLiveKitServer } from './livekit-local.ts';
import { findOrProvisionRecognizer } from './recognizer-local.ts';
const problems: string[] = [];

const major = Number(process.versions.node.split('.')[0]);
if (major < 22)
  problems.push(`Node ${process.versions.node} is too old: use Node 22 or newer (.nvmrc says 24).`);

const chromium = chromiumProblem();
if (chromium) problems.push(chromium);

const livekit = findOrBuildLiveKitServer();
if ('problem' in livekit) problems.push(livekit.problem);

const recognizer = findOrProvisionRecognizer();
if ('problem' in recognizer) problems.push(recognizer.problem);

if (problems.length > 0) {
  console.error(`\nThe tests cannot run on this machine yet:\n- ${problems.join('\n- ')}\n`);
  process.exit(1);
}
