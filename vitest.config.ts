import { defineConfig } from 'vitest/config';

// Unit, procedure and integration tests. Browser tests live in e2e/ with their own config.
export default defineConfig({
  test: {
    include: ['server/src/**/*.test.ts', 'worker/src/**/*.test.ts', 'bench/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'eslint/**/*.test.ts'],
    // Each file gets its own database, so files may run side by side; two cores make two workers pay.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The migrated databases that test databases are copied from, made once per run (decision 045).
    globalSetup: ['server/src/testing/global-setup.ts'],
    // Writes where each file's time went when bench/test-suite/run.ts asks; otherwise does nothing.
    setupFiles: ['server/src/testing/timings.setup.ts'],
  },
});
