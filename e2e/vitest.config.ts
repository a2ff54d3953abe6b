import { defineConfig } from 'vitest/config';

/**
 * Browser tests: each file has its own server, database and Chromium, so files run side by side.
 * A file spends most of its time waiting (on the page, the server's jobs, its own timers), not on
 * the CPU: three at once finish far sooner than one after another on two cores (docs/decisions/085).
 * E2E_WORKERS sets another number (1: one file at a time, as before).
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    // A worker imports the harness, the server's modules and the web build's renderer once and runs
    // file after file with them (as the server suite does, decision 045): isolated, each of the 31
    // files imported and transformed them again, about 15 s of CPU a file. Every file starts its own
    // server, database and Chromium, and nothing here mocks modules; the harness forgets the sessions
    // it kept when the next file starts.
    isolate: false,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
    // Limits that end a hang, not timings (see vitest.config.ts): doubled when a CI-shaped run on a
    // shared host ran tests several times slower than alone.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // What a test polls for (a count on the page, a status) may take longer than vitest's 1 s to
    // appear while three files and, in CI, the server suite share two cores: the same assertions,
    // given 10 s to come true.
    expect: { poll: { timeout: 10_000 } },
  },
});
