import { defineConfig } from 'vitest/config';
import { shareCompileCache } from './tests/support/compile-cache.ts';

shareCompileCache();

// Unit layer: contracts, stores, edge routes (app.request), the local reader, agent tools.
//
// Two projects. Most files share their worker's module cache (`isolate: false`): each file then
// imports the edge, the reader and zod once per worker rather than once per file, which would be a
// large part of the layer's time. A file that holds process-wide state runs in a process of its
// own: LiveKit's native rtc-node (its dispose() ends it for the
// whole process), real servers and workers, module mocks, stubbed globals, fake timers, and
// environment variables it sets.
const ISOLATED = [
  // @livekit/rtc-node
  'tests/unit/agent-cassette-tool.test.ts',
  'tests/unit/package.test.ts',
  // module mocks, stubbed globals, fake timers or process.env
  'tests/unit/agent-job-limits.test.ts',
  'tests/unit/edge-livekit-rooms.test.ts',
  'tests/unit/edge-properties.test.ts',
  'tests/unit/events.test.ts',
  'tests/unit/livekit-token.test.ts',
  'tests/unit/reading-cost-cap.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Four files at once on two cores: a third of the layer's files mostly wait (a real worker's
    // idle and maximum-duration limits, a LiveKit server, a reader's turns), and two workers would
    // leave the cores idle while they do.
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
    ],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('test') },
});
