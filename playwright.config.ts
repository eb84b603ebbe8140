import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './tests/support/chromium.ts';

// e2e layer: Debian's Chromium against the built page under `wrangler dev`, and a real
// `livekit-server --dev`, both started by tests/e2e/global-setup.ts on free loopback ports.
//
// Two lanes run side by side, one spec at a time in each, so the layer's waiting (a job process
// booting, a reader's turn, a reconnect's back-off) overlaps instead of adding up:
// - `livekit`: every spec that uses the shared LiveKit server or registers a `bmo` agent worker
//   on it. One at a time, because a worker registered by one spec would take another spec's jobs,
//   and one spec restarts the server.
// - `page`: the readings, the docs and the package, which use the edge only. One at a time too:
//   their reader tokens come from one client address, within the edge's rate limit.
// The accessibility pass (no session, the edge only) runs in the first lane, so the two lanes take
// about as long (the package's consumer apps make the second lane's longest spec).
const LIVEKIT_SPECS = [
  'a11y.spec.ts',
  'bmo*.spec.ts',
  'embed.spec.ts',
  'embed-all.spec.ts',
  'embed-launcher.spec.ts',
  'livekit-*.spec.ts',
  'page.spec.ts',
  'edge-files.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // Set by the global setup before the workers start (they inherit its environment).
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
    },
  },
  projects: [
    { name: 'livekit', testMatch: LIVEKIT_SPECS, workers: 1 },
    { name: 'page', testIgnore: LIVEKIT_SPECS, workers: 1 },
  ],
});
