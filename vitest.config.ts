import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Simulator-backed suites open real sockets; two cores on CI make more workers slower, not faster.
    maxWorkers: 2,
  },
});
