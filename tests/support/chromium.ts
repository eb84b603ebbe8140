/**
 * The one place that says how every layer and benchmark starts Chromium: Debian's build (no test
 * tool downloads its own), headless as root, with the background networking a closed network
 * would refuse turned off.
 *
 * Debian's headless shell (`apt-get install chromium-headless-shell`) when it is there: the same
 * Blink and WebRTC without the browser's own layers, and what Playwright itself runs headless, at
 * about half the CPU. The full `chromium` otherwise.
 */
import { isExecutable } from '../../scripts/livekit-local.ts';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (isExecutable(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A fake microphone and camera, granted without a prompt. */
export const FAKE_MEDIA_ARGS: readonly string[] = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** Why Chromium cannot be used here, or undefined when it can. */
export function chromiumProblem(): string | undefined {
  if (isExecutable(CHROMIUM_PATH)) return undefined;
  return `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium-headless-shell, or chromium) or set CHROMIUM_PATH.`;
}

/** Launch options for playwright-core's `chromium.launch()`. */
export function chromiumLaunchOptions(options: { fakeMedia?: boolean } = {}) {
  const problem = chromiumProblem();
  if (problem) throw new Error(problem);
  return {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...(options.fakeMedia ? FAKE_MEDIA_ARGS : [])],
  };
}
