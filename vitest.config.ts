import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and integration tests; e2e has its own (Playwright).
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the server suites mostly wait on SQLite,
    // PostgreSQL, sockets and child processes (the wall-outage files start and stop servers and
    // brokers). Measured on two cores, 218 files: 261 s with 3 at a time, 222 s with 4, 196 s with 6,
    // the CPU still not full at 6. Five keeps most of that gain; the slowest single test then took
    // 23 s of its own 300 s budget.
    maxWorkers: 5,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'texts', root: 'packages/texts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: ['test/helpers/contract-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share a worker's module cache instead of re-importing the server (Fastify, Kysely,
          // the contract) per file: that import was two thirds of the suite's CPU. Safe because the
          // server keeps no module-level state a test changes: every file builds its own app and
          // database (describeEachDb), and the two that touch globals (fake timers, VITEST) restore them.
          isolate: false,
        },
      },
      { test: { name: 'simulator', root: 'apps/simulator', include: ['src/**/*.test.ts'] } },
      'apps/web/vitest.config.ts',
    ],
  },
});
