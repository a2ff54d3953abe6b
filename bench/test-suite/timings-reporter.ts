import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A vitest reporter for bench/test-suite/run.ts: one record per test file — its state, its tests by
 * result, the errors that stopped it, and vitest's own diagnostic of where its time went — written
 * as JSON to SAHAY_TEST_REPORT as each file ends, so a run that is stopped still leaves the files it
 * finished. It prints nothing; the default reporter still runs.
 */
export interface ModuleRecord {
  file: string;
  state: string;
  passed: number;
  failed: number;
  skipped: number;
  errors: string[];
  /** vitest's diagnostic, in milliseconds. */
  environmentMs: number;
  prepareMs: number;
  /** Importing the test file and everything it imports (transform included), and its suite callbacks. */
  importMs: number;
  /** Importing the setup files. */
  setupMs: number;
  /** The tests and hooks. */
  testsMs: number;
}

export default class TimingsReporter implements Reporter {
  private readonly records: ModuleRecord[] = [];

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    const count = (state: 'passed' | 'failed' | 'skipped') => [...testModule.children.allTests(state)].length;
    this.records.push({
      file: testModule.relativeModuleId,
      state: testModule.state(),
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      errors: testModule.errors().map((error) => error.message),
      environmentMs: diagnostic.environmentSetupDuration,
      prepareMs: diagnostic.prepareDuration,
      importMs: diagnostic.collectDuration,
      setupMs: diagnostic.setupDuration,
      testsMs: diagnostic.duration,
    });
    this.write();
  }

  onTestRunEnd(): void {
    this.write();
  }

  private write(): void {
    const out = process.env.SAHAY_TEST_REPORT;
    if (out) fs.writeFileSync(out, JSON.stringify(this.records, null, 1));
  }
}
