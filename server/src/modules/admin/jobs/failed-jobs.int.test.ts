import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '#server/event-store/test-fixtures';
import { createInProcessQueue } from '#server/queue/in-process-queue';
import { getJobFailure } from '#server/queue/job-failures';
import { jobId, type JobHandler } from '#server/queue/queue';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';

describe.each(testDbKinds())('admin.jobs: failed jobs and retries on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-05-01T10:00:00.000Z');
  /** A job handler of this test's own that fails for real while `failing` is true. */
  const flaky: { failing: boolean; runs: number; gate: Promise<void> | null } = { failing: true, runs: 0, gate: null };
  const flakyHandler: JobHandler = {
    name: 'test-flaky-job',
    on: ['JobTestHappened'],
    async run() {
      flaky.runs++;
      await flaky.gate;
      if (flaky.failing) throw new Error('the test handler failed for asha@example.org');
    },
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    // The app's own queue, with the test's handler added: the relay and the procedures use these.
    await app.services.queue.close();
    app.services.jobHandlers = [...app.services.jobHandlers, flakyHandler];
    app.services.queue = createInProcessQueue({ handlers: app.services.jobHandlers, context: app.services, log: silentLog, attempts: 2, backoffMs: 1, now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Records an event the test handler listens to and lets the relay and the queue run it until it gives up. */
  async function failedJob(): Promise<{ id: string; streamId: string }> {
    const streamId = `job-test-${crypto.randomUUID()}`;
    const { events } = await app.services.eventStore.append([{ streamId, expected: 'no_stream', events: [{ type: 'JobTestHappened', data: {} }] }], {
      actor: 'system',
      correlationId: crypto.randomUUID(),
    });
    flaky.failing = true;
    await app.runJobs();
    const id = jobId(events[0]!.eventId, 'test-flaky-job');
    expect(await getJobFailure(app.services.db, id)).not.toBeNull();
    return { id, streamId };
  }

  it('shows admins holding `settings` the job that gave up: handler, ID, source, attempts, the message only, and times', async () => {
    const { id, streamId } = await failedJob();
    const admin = await app.account({ role: 'admin', permissions: ['settings'] });
    const { jobs, total } = await (await app.caller({ token: admin.token })).admin.jobs.getFailed();
    expect(total).toBe(jobs.length);
    expect(jobs.find((job) => job.jobId === id)).toEqual({
      jobId: id,
      name: 'test-flaky-job',
      source: { kind: 'event', eventType: 'JobTestHappened', streamId },
      attempts: 2,
      lastError: 'the test handler failed for [e-mail]',
      firstFailedAt: clock.toISOString(),
      lastFailedAt: clock.toISOString(),
      retriedAt: null,
    });
  });

  it('retries: the job runs again with all its attempts and leaves the list when it succeeds', async () => {
    const { id } = await failedJob();
    const admin = await app.account({ role: 'admin', permissions: ['settings'] });
    const caller = await app.caller({ token: admin.token });
    flaky.failing = false;
    let release!: () => void;
    flaky.gate = new Promise((resolve) => (release = resolve));
    const runsBefore = flaky.runs;
    clock = new Date(clock.getTime() + 60_000);
    const answer = await caller.admin.jobs.retry({ jobId: id });
    // Queued and running (held at the gate): still listed, marked as being retried.
    expect(answer.job).toMatchObject({ jobId: id, attempts: 2, retriedAt: clock.toISOString() });
    expect((await caller.admin.jobs.getFailed()).jobs.find((job) => job.jobId === id)?.retriedAt).toBe(clock.toISOString());
    release();
    flaky.gate = null;
    await app.runJobs();
    expect(flaky.runs).toBe(runsBefore + 1);
    expect((await caller.admin.jobs.getFailed()).jobs.map((job) => job.jobId)).not.toContain(id);
    expect(await getJobFailure(app.services.db, id)).toBeNull();
  });

  it('refuses visitors (401), members and admins without `settings` (403), and nothing changes', async () => {
    const { id } = await failedJob();
    const listed = await getJobFailure(app.services.db, id);
    const member = await app.account();
    const contentAdmin = await app.account({ role: 'admin', permissions: ['content', 'members', 'finance', 'verification'] });
    flaky.failing = false;
    const runsBefore = flaky.runs;
    for (const [as, code] of [
      [undefined, 'UNAUTHORIZED'],
      [member.token, 'FORBIDDEN'],
      [contentAdmin.token, 'FORBIDDEN'],
    ] as const) {
      const caller = await app.caller({ token: as });
      expect((await rejection(caller.admin.jobs.getFailed())).code).toBe(code);
      expect((await rejection(caller.admin.jobs.retry({ jobId: id }))).code).toBe(code);
    }
    await app.runJobs();
    expect(flaky.runs).toBe(runsBefore);
    expect(await getJobFailure(app.services.db, id)).toEqual(listed);
  });

  it('refuses bad input with 400 naming the field, and a job that is not listed with 404, changing nothing', async () => {
    const { id } = await failedJob();
    const listed = await getJobFailure(app.services.db, id);
    const admin = await app.account({ role: 'admin', permissions: ['settings'] });
    const caller = await app.caller({ token: admin.token });
    const runsBefore = flaky.runs;
    for (const bad of [{ jobId: '' }, { jobId: 'a b' }, { jobId: `${id}\u0000` }, { jobId: 'x'.repeat(301) }, { jobId: 42 }, {}]) {
      const error = await rejection(caller.admin.jobs.retry(bad as { jobId: string }));
      expect(error.code, JSON.stringify(bad)).toBe('BAD_REQUEST');
      expect(fieldErrorsOf(error).jobId, JSON.stringify(bad)).toBeDefined();
    }
    const extra = await rejection(caller.admin.jobs.retry({ jobId: id, force: true } as { jobId: string }));
    expect(extra.code).toBe('BAD_REQUEST');
    expect(extra.message).toMatch(/force/);
    const missing = await rejection(caller.admin.jobs.retry({ jobId: jobId(crypto.randomUUID(), 'test-flaky-job') }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toBe('This failed job is no longer listed. It may have been retried already.');
    await app.runJobs();
    expect(flaky.runs).toBe(runsBefore);
    expect(await getJobFailure(app.services.db, id)).toEqual(listed);
  });

  it('lists nothing when no job has failed', async () => {
    await app.services.db.query(`DELETE FROM job_failures`);
    const admin = await app.account({ role: 'admin', permissions: ['settings'] });
    expect(await (await app.caller({ token: admin.token })).admin.jobs.getFailed()).toEqual({ jobs: [], total: 0 });
  });
});
