import { defineConfig } from 'vitest/config';

// Unit, procedure and integration tests. Browser tests live in e2e/ with their own config.
export default defineConfig({
  test: {
    // Each file gets its own database, so files may run side by side. Four at a time on two cores:
    // the files wait (on timers, servers, child processes, PostgreSQL) for about two thirds of their
    // time, so two left a core idle much of the run (decision 085). TEST_WORKERS sets another number
    // (.ci/run: 2, beside the browser tests, which share PostgreSQL's connections).
    pool: 'forks',
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
    // A timeout is there to end a test that hangs, never to time one (speed is measured in bench/).
    // In a CI-shaped run on a shared 2-core host, files ran five or six times slower than alone (the
    // erasure scenario: 6.7 s alone, 36.8 s there), so a 30 s limit failed tests that were working.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Writes where each file's time went when bench/test-suite/run.ts asks; otherwise does nothing.
    setupFiles: ['server/src/testing/timings.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'worker/src/**/*.test.ts', 'bench/**/*.test.ts', 'eslint/**/*.test.ts'],
          // A worker imports the server's modules once and runs file after file with them, instead of
          // importing them again for every file (decision 045). Every file makes its own services,
          // database and key prefix, and nothing here mocks modules or changes globals for the next.
          isolate: false,
          // The migrated databases that test databases are copied from, made once per run (decision 045).
          globalSetup: ['server/src/testing/global-setup.ts'],
        },
      },
      {
        extends: true,
        // Isolated: the web's tests mock modules (vi.mock), which must not reach the next file.
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
