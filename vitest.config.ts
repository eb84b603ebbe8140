import { defineConfig } from 'vitest/config';
import type { Reporter } from 'vitest/node';
import { shareCompileCache } from './tests/support/compile-cache.ts';

shareCompileCache();

// The unit and integration layers (tests/integration/ holds the tests that start other programs),
// in one run: the integration tests mostly wait (a real worker's idle and maximum-duration limits,
// a LiveKit server, the speech recognizer's turns) while the unit tests keep the cores busy.
//
// Three projects. Most unit files share their worker's module cache (`isolate: false`): each file
// then imports the edge, the reader and zod once per worker rather than once per file, which would
// be a large part of the layer's time. A unit file that holds process-wide state runs in a process
// of its own: LiveKit's native rtc-node (its dispose() ends it for the whole process), module
// mocks, stubbed globals, fake timers, and environment variables it sets. Every integration file
// runs in a process of its own: it starts servers, workers and other programs.
const ISOLATED = [
  // @livekit/rtc-node
  'tests/unit/agent/tools/present-to-cassette.test.ts',
  // module mocks, stubbed globals, fake timers or process.env
  'tests/unit/agent/job-limits.test.ts',
  'tests/unit/edge/livekit-rooms.test.ts',
  'tests/unit/edge/properties.test.ts',
  'tests/unit/edge/routes/livekit-token.test.ts',
  'tests/unit/web-components/app/page-language.test.ts',
  'tests/unit/web-components/events/events.test.ts',
  'tests/unit/web-components/package.test.ts',
  'tests/unit/web-components/tarot/host/reading-cost-cap.test.ts',
];

/** After vitest's own report, one line with each layer's passed tests, which .ci/run reads. */
const layerCounts: Reporter = {
  onTestRunEnd(modules) {
    const passed = new Map<string, number>([
      ['unit', 0],
      ['integration', 0],
    ]);
    for (const module of modules) {
      const layer = module.project.name.split('-')[0] ?? module.project.name;
      passed.set(layer, (passed.get(layer) ?? 0) + [...module.children.allTests('passed')].length);
    }
    const counts = [...passed].map(([layer, count]) => `${layer} ${count} passed`);
    console.log(`\n Layers  ${counts.join(', ')}`);
  },
};

export default defineConfig({
  test: {
    environment: 'node',
    // Four files at once on two cores: the integration files mostly wait, and two workers would
    // leave the cores idle while they do.
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', layerCounts],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: ISOLATED } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
    ],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('test') },
});
