import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` (pure rules, no I/O), `integration` (the server on the machine's real PostgreSQL, one
 * database per test file; with SAPA_TEST_DB=pglite the same files run on the embedded database), `e2e`
 * (Playwright in Chromium against a running Sapa).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          // On PostgreSQL: one migrated template per run, copied for each file's database.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Ceilings, not expectations: they only matter when a test hangs, and a loaded two-core machine can
          // take minutes for what takes seconds when it is quiet (a server start, a PGlite database).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits for the page, whose first load on a busy two-core machine can take seconds
          // (vitest's own default is 1 s); the limit only matters when a journey fails.
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
