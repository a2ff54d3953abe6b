import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { takeDatabaseTimings } from './timings.ts';

/**
 * Loaded before every test file (vitest.config.ts, setupFiles). When SAHAY_TEST_TIMINGS_DIR is set
 * (bench/test-suite/run.ts sets it), it writes one JSON file per test file: the wall and CPU time of
 * its hooks and tests, the CPU time of the whole file (import included), the time spent making
 * databases, and the assertions its tests made. Without
 * the variable it does nothing.
 */
const dir = process.env.SAHAY_TEST_TIMINGS_DIR;

if (dir) {
  // Loaded before the test file is imported: CPU time from here on is the file's.
  const cpuAtLoad = process.cpuUsage();
  let startedAt = 0;
  let cpuAtStart: NodeJS.CpuUsage = { user: 0, system: 0 };
  let assertions = 0;
  let file: string | undefined;

  beforeAll(() => {
    startedAt = performance.now();
    cpuAtStart = process.cpuUsage();
  });

  afterEach(() => {
    const state = expect.getState();
    assertions += state.assertionCalls;
    file ??= state.testPath;
  });

  // Registered first, so it runs after the file's own afterAll hooks (vitest runs them as a stack).
  afterAll(() => {
    // No test ran (all skipped): nothing to say.
    if (!file) return;
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuSinceLoad = process.cpuUsage(cpuAtLoad);
    const record = {
      file: path.relative(process.cwd(), file),
      hooksAndTestsMs: performance.now() - startedAt,
      cpuMs: (cpu.user + cpu.system) / 1000,
      fileCpuMs: (cpuSinceLoad.user + cpuSinceLoad.system) / 1000,
      ...takeDatabaseTimings(),
      assertions,
    };
    fs.writeFileSync(path.join(dir, `${process.pid}-${crypto.randomUUID()}.json`), JSON.stringify(record));
  });
}
