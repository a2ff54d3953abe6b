import { describe, expect, it } from 'vitest';
import { NEEDS_MARK } from './requires.ts';
import { filesNeedingServices, type JsonReport, problemsWithoutServices, problemsWithUnreachable } from './service-skips.ts';

const file = 'server/src/queue/bullmq-jobs.int.test.ts';
const reason = `${NEEDS_MARK}Redis (set TEST_REDIS_URL, as CI does)`;

function report(result: Partial<JsonReport['testResults'][number]>): JsonReport {
  return { testResults: [{ name: file, status: 'passed', assertionResults: [], ...result }] };
}

describe("the check of tests that need a service (.ci/run)", () => {
  it('finds the files that need a service, the BullMQ ones among those needing Redis', () => {
    const { all, redis } = filesNeedingServices();
    expect(all).toEqual(
      expect.arrayContaining([file, 'server/src/queue/bullmq-queue.int.test.ts', 'server/src/multi-process.int.test.ts', 'server/src/faults/redis-down.int.test.ts', 'server/src/tools/migrate.int.test.ts']),
    );
    // A file that runs on PGlite without TEST_DATABASE_URL and on both with it needs nothing.
    expect(all).not.toContain('server/src/modules/donations/receipts/serials.int.test.ts');
    expect(redis).toEqual(expect.arrayContaining([file, 'server/src/queue/bullmq-queue.int.test.ts', 'server/src/event-store/relay.int.test.ts']));
    expect(redis).not.toContain('server/src/multi-process.int.test.ts');
  });

  it('passes a file whose tests skip with the reason in their suite', () => {
    const skipped = report({ status: 'skipped', assertionResults: [{ ancestorTitles: [`BullMQ queue [${reason}]`], title: 'retries', status: 'skipped' }] });
    expect(problemsWithoutServices(skipped, [file])).toEqual([]);
  });

  it('fails a file with no test suite, as bullmq-jobs was before issue 29', () => {
    const empty = report({ status: 'failed', message: `No test suite found in file ${file}` });
    expect(problemsWithoutServices(empty, [file])).toEqual([
      `${file}: failed: No test suite found in file ${file}`,
      `${file}: no test skipped with a reason ("${NEEDS_MARK}…")`,
    ]);
  });

  it('fails a file with a failed test, one skipped without a reason, or one missing from the report', () => {
    const failed = report({
      status: 'failed',
      assertionResults: [
        { ancestorTitles: [`BullMQ queue [${reason}]`], title: 'retries', status: 'skipped' },
        { ancestorTitles: ['BullMQ job data'], title: 'travels as JSON', status: 'failed' },
      ],
    });
    expect(problemsWithoutServices(failed, [file])).toEqual([`${file}: failed`, `${file}: "travels as JSON" failed`]);
    const silent = report({ status: 'skipped', assertionResults: [{ ancestorTitles: ['BullMQ queue'], title: 'retries', status: 'skipped' }] });
    expect(problemsWithoutServices(silent, [file])).toEqual([`${file}: no test skipped with a reason ("${NEEDS_MARK}…")`]);
    expect(problemsWithoutServices({ testResults: [] }, [file])).toEqual([`${file}: not in the report`]);
  });

  it('with the service unreachable, passes a failed file and fails one that skipped or passed', () => {
    const failed = report({ status: 'failed', assertionResults: [{ ancestorTitles: ['BullMQ queue'], title: 'retries', status: 'failed' }] });
    expect(problemsWithUnreachable(failed, [file])).toEqual([]);
    expect(problemsWithUnreachable(report({ status: 'skipped' }), [file])).toEqual([`${file}: did not fail with its service unreachable (skipped)`]);
    expect(problemsWithUnreachable(report({ status: 'passed' }), [file])).toEqual([`${file}: did not fail with its service unreachable (passed)`]);
  });
});
