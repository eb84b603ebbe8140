import { defineConfig } from 'vitest/config';

// Unit layer: contracts, stores, edge routes (app.request), the local reader, agent tools.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('test') },
});
