import { defineConfig } from 'vitest/config';

// Unit layer: contracts, stores, edge routes (app.request), the local reader, agent tools.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Four files at once on two cores: a third of the layer's files mostly wait (a real worker's
    // idle and maximum-duration limits, a LiveKit server, a reader's turns), and two workers left
    // the cores idle while they did (150 s → 60 s idle, 86 s beside two busy loops).
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('test') },
});
