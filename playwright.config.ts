import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './tests/support/chromium.ts';
import { shareCompileCache } from './tests/support/compile-cache.ts';

shareCompileCache();

// e2e layer: Debian's Chromium against the built page under `wrangler dev`, and a real
// `livekit-server --dev`, both started by tests/e2e/global-setup.ts on free loopback ports.
//
// Three lanes run side by side, one spec at a time in each, so the layer's waiting (a job process
// booting, a reader's turn, a reconnect's back-off, npm reaching the registry) overlaps instead of
// adding up: two lanes leave part of two cores idle while they wait, and a third fills it (with
// the trace screencast off, below, which would keep the cores full on its own).
// - `livekit`: every spec that uses the shared LiveKit server or registers a `bmo` agent worker
//   on it. One at a time, because a worker registered by one spec would take another spec's
//   jobs, and one spec restarts the server.
// - `page`: the readings, the docs, the accessibility pass and the specs that bring their own
//   edge (`npm start`, deployed settings), which use no BMO worker.
// - `apart`: what brings its own everything: the package's consumer apps (npm installs and
//   builds).
// Then, once the three lanes are done, `alone`: the CI-sized scale run (its own Redis, LiveKit
// nodes and workers), which holds itself to two minutes and adds up the machine's CPU, so it gets
// the machine to itself, as every timed test does (docs/scaling.md). Run it by itself with
// `--no-deps`: a file filter still runs a project's dependencies in full.
// The lanes reach the shared edge from one address; it runs with LOAD_TEST_LIMITS (see the
// global setup), so the lanes do not share one visitor's rate limit.
const LIVEKIT_SPECS = [
  'bmo*.spec.ts',
  'embed.spec.ts',
  'embed-all.spec.ts',
  'embed-launcher.spec.ts',
  'livekit-*.spec.ts',
  'page.spec.ts',
  'edge-files.spec.ts',
];
const APART_SPECS = ['package-consumers.spec.ts'];
const ALONE_SPECS = ['scale-cluster.spec.ts'];

// One worker per lane: one spec at a time in each, all lanes at once.
const LANES = [
  { name: 'livekit', testMatch: LIVEKIT_SPECS, workers: 1 },
  { name: 'page', testIgnore: [...LIVEKIT_SPECS, ...APART_SPECS, ...ALONE_SPECS], workers: 1 },
  { name: 'apart', testMatch: APART_SPECS, workers: 1 },
];
const ALONE = {
  name: 'alone',
  testMatch: ALONE_SPECS,
  dependencies: LANES.map((lane) => lane.name),
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: LANES.length,
  retries: 0,
  forbidOnly: true,
  // Each test's cap, twice what the slowest take beside a busy neighbour: with three lanes on two
  // cores that others also use, a lane may get well under half a core, and the slowest specs (two
  // whole readings, the consumer apps' type checks) then need more than a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // Set by the global setup before the workers start (they inherit its environment).
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) but not the
    // screencast: recording frames for every test costs Chromium about as much CPU as the tests
    // themselves.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
    },
  },
  projects: [...LANES, ALONE],
});
