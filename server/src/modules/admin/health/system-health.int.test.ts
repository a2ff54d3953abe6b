import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '#server/event-store/test-fixtures';
import { deliveryHealthRecorder } from '#server/lib/delivery-health';
import type { SmsSender } from '#server/lib/sms';
import { createInProcessQueue } from '#server/queue/in-process-queue';
import type { JobHandler } from '#server/queue/queue';
import { rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import type { TSystemAlert } from './system-health.schema.ts';

describe.each(testDbKinds())('admin.health: the System health page\'s alerts on %s', (kind) => {
  let app: TestApp;
  /** The services' clock: real time plus what a test adds, so that events recorded now can look old. */
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  let isSmsFailing = false;
  const sms: SmsSender = {
    kind: 'outbox',
    async send() {
      if (isSmsFailing) throw new Error('gateway refused 9876543210: no balance');
    },
  };
  let failing = true;
  const flakyHandler: JobHandler = {
    name: 'test-health-job',
    on: ['HealthTestHappened'],
    async run() {
      if (failing) throw new Error('the test handler failed');
    },
  };
  let admin: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: clock, sms });
    await app.services.queue.close();
    app.services.jobHandlers = [...app.services.jobHandlers, flakyHandler];
    app.services.queue = createInProcessQueue({ handlers: app.services.jobHandlers, context: app.services, log: silentLog, attempts: 1, backoffMs: 1, now: clock });
    admin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['settings'] })).token });
  });
  afterAll(async () => {
    await app?.close();
  });

  const kinds = (alerts: readonly TSystemAlert[]) => alerts.map((alert) => alert.kind);

  it('is all clear on a fresh system, and only admins holding `settings` may ask', async () => {
    await app.runJobs();
    const health = await admin.admin.health.get();
    expect(health.alerts).toEqual([]);
    expect(Math.abs(Date.parse(health.checkedAt) - clock().getTime())).toBeLessThan(5_000);
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    expect(await rejection(finance.admin.health.get())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await rejection((await app.caller()).admin.health.get())).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a job that failed its last attempt is an alert from when it first failed, until it is retried', async () => {
    const streamId = `health-test-${crypto.randomUUID()}`;
    await app.services.eventStore.append([{ streamId, expected: 'no_stream', events: [{ type: 'HealthTestHappened', data: {} }] }], { actor: 'system', correlationId: crypto.randomUUID() });
    failing = true;
    await app.runJobs();
    const [alert] = (await admin.admin.health.get()).alerts;
    expect(alert).toMatchObject({ kind: 'jobs-failed', count: 1, handlers: ['test-health-job'] });
    expect(Math.abs(Date.parse(alert!.since) - clock().getTime())).toBeLessThan(10_000);
    failing = false;
    const { jobs } = await admin.admin.jobs.getFailed();
    await admin.admin.jobs.retry({ jobId: jobs[0]!.jobId });
    await app.runJobs();
    expect(kinds((await admin.admin.health.get()).alerts)).toEqual([]);
  });

  it('events waiting more than 60 s for a processor are an alert naming it; none once it has caught up', async () => {
    await app.runJobs();
    await app.services.eventStore.append([{ streamId: `health-test-${crypto.randomUUID()}`, expected: 'no_stream', events: [{ type: 'HealthTestHappened', data: {} }] }], {
      actor: 'system',
      correlationId: crypto.randomUUID(),
    });
    failing = false;
    offsetMs = 30_000;
    expect(kinds((await admin.admin.health.get()).alerts)).toEqual([]);
    offsetMs = 120_000;
    const [alert] = (await admin.admin.health.get()).alerts;
    expect(alert?.kind).toBe('projection-lag');
    if (alert?.kind !== 'projection-lag') throw new Error('expected a projection-lag alert');
    expect(alert.processors.map((processor) => processor.name)).toContain('relay');
    expect(alert.processors.find((processor) => processor.name === 'relay')).toMatchObject({ events: 1 });
    expect(alert.processors.every((processor) => processor.seconds > 60)).toBe(true);
    await app.runJobs();
    expect(kinds((await admin.admin.health.get()).alerts)).toEqual([]);
    offsetMs = 0;
  });

  it('SMS failing for 15 minutes is an alert from its first failure, with the error masked; a success clears it', async () => {
    isSmsFailing = true;
    await expect(app.services.sms.send({ to: '9876543210', text: 'Your code is 123456', idempotencyKey: 'health-1' })).rejects.toThrow('no balance');
    const firstFailure = clock();
    offsetMs = 10 * 60_000;
    await expect(app.services.sms.send({ to: '9876543210', text: 'Your code is 123456', idempotencyKey: 'health-2' })).rejects.toThrow();
    expect(kinds((await admin.admin.health.get()).alerts)).toEqual([]);
    offsetMs = 16 * 60_000;
    const [alert] = (await admin.admin.health.get()).alerts;
    expect(alert).toMatchObject({ kind: 'sms-failing', lastError: 'gateway refused [number]: no balance' });
    expect(Math.abs(Date.parse(alert!.since) - firstFailure.getTime())).toBeLessThan(2_000);
    isSmsFailing = false;
    await app.services.sms.send({ to: '9876543210', text: 'Your code is 123456', idempotencyKey: 'health-3' });
    expect(kinds((await admin.admin.health.get()).alerts)).toEqual([]);
    offsetMs = 0;
  });

  it('mail failing is recorded once per change, and read by every process: another process\'s success clears it', async () => {
    const worker = deliveryHealthRecorder(app.services.db, 'mail', silentLog, clock);
    const server = deliveryHealthRecorder(app.services.db, 'mail', silentLog, clock);
    await worker.failed(new Error('SMTP 554 for asha@example.org'));
    offsetMs = 20 * 60_000;
    await worker.failed(new Error('SMTP 554 again'));
    expect((await admin.admin.health.get()).alerts).toMatchObject([{ kind: 'mail-failing', lastError: 'SMTP 554 again' }]);
    await server.succeeded();
    expect((await admin.admin.health.get()).alerts).toEqual([]);
    offsetMs = 0;
  });
});
