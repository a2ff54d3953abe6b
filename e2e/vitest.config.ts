import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time (one Chromium, one server each), generous timeouts.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
