import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './tests/support/chromium.ts';

// e2e layer: Debian's Chromium against the built page under `wrangler dev`, and a real
// `livekit-server --dev`, both started by tests/e2e/global-setup.ts on free loopback ports.
//
// Three lanes run side by side, one spec at a time in each, so the layer's waiting (a job process
// booting, a reader's turn, a reconnect's back-off, a registry install) overlaps instead of adding
// up. These machines have two cores: a third lane of browser specs (tried) made every test slower
// and the layer longer, so the third lane holds only the package's consumer apps, which mostly wait
// on the registry and build one app at a time.
// - `livekit`: every spec that uses the shared LiveKit server or registers a `bmo` agent worker
//   on it, and the scale run's cluster (its ten job processes would starve another lane's BMO).
//   One at a time, because a worker registered by one spec would take another spec's jobs, and
//   one spec restarts the server.
// - `page`: the readings, the docs, the accessibility pass, the pages and embeds that need no BMO,
//   and the specs that bring their own edge (`npm start`, deployed settings).
// - `package`: the packed package installed into fresh Vite, React, Vue and Svelte apps.
// The lanes reach the shared edge from one address; it runs with LOAD_TEST_LIMITS (see the
// global setup), so the lanes do not share one visitor's rate limit.
const LIVEKIT_SPECS = [
  'bmo*.spec.ts',
  'embed-all.spec.ts',
  'embed-launcher.spec.ts',
  'livekit-*.spec.ts',
  'scale-cluster.spec.ts',
];
const PACKAGE_SPECS = ['package-consumers.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 3,
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
    { name: 'page', testIgnore: [...LIVEKIT_SPECS, ...PACKAGE_SPECS], workers: 1 },
    { name: 'package', testMatch: PACKAGE_SPECS, workers: 1 },
  ],
});
