import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertRedisReachable, deleteRedisKeys, eventually, redisTestPrefix, silentLog } from '#server/event-store/test-fixtures';
import type { MailMessage, Mailer } from '#server/lib/mailer';
import { createBullmqQueue, type BullmqQueue } from '#server/queue/bullmq-queue';
import { hasRun } from '#server/queue/job-effects';
import { jobId } from '#server/queue/queue';
import { describeWhere, needsRedis } from '#server/testing/requires';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { staffInvitationStreamId } from '../identity.events.ts';
import { sendStaffInvitationJob } from './send-staff-invitation.job.ts';

// Read only when it is set (needsRedis).
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/**
 * Issue 29 review: an invitation withdrawn while its mail job waits on Redis sends nothing when a
 * BullMQ worker picks the job up; an open one, queued the same way, is mailed (so the worker ran).
 */
describeWhere([needsRedis], 'the staff invitation mail job on BullMQ', () => {
  let app: TestApp;
  let queue: BullmqQueue | undefined;
  const prefix = redisTestPrefix();
  const sent: MailMessage[] = [];
  const recordingMailer: Mailer = {
    kind: 'outbox',
    send: async (message) => {
      sent.push(message);
    },
    close: () => {},
  };

  beforeAll(async () => {
    await assertRedisReachable(redisUrl);
    app = await createTestApp(testDbKinds().at(-1)!);
  });
  afterAll(async () => {
    await queue?.close();
    await deleteRedisKeys(redisUrl, prefix);
    await app?.close();
  });

  it('sends nothing for an invitation withdrawn before its queued job runs, and mails an open one', async () => {
    const admin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const withdrawnEmail = uniqueEmail('bullmq-withdrawn');
    const openEmail = uniqueEmail('bullmq-open');
    const withdrawn = await admin.admin.staff.invite({ email: withdrawnEmail, name: 'Withdrawn On Redis', permissions: ['content'] });
    const open = await admin.admin.staff.invite({ email: openEmail, name: 'Open On Redis', permissions: ['content'] });
    const invitedEvent = async (invitationId: string) => (await app.services.eventStore.readStream(staffInvitationStreamId(invitationId)))[0]!;
    const jobs = await Promise.all(
      [withdrawn.invitationId, open.invitationId].map(async (invitationId) => {
        const event = await invitedEvent(invitationId);
        return { id: jobId(event.eventId, sendStaffInvitationJob.name), handler: sendStaffInvitationJob.name, event };
      }),
    );
    // Queued on Redis with no worker yet; the withdrawal happens while the job waits.
    const producer = createBullmqQueue({ url: redisUrl, prefix, runsJobs: false, handlers: [sendStaffInvitationJob], context: { ...app.services, mailer: recordingMailer }, log: silentLog });
    await producer.enqueue(jobs);
    await producer.close();
    await admin.admin.staff.withdrawInvitation({ invitationId: withdrawn.invitationId });

    queue = createBullmqQueue({ url: redisUrl, prefix, runsJobs: true, handlers: [sendStaffInvitationJob], context: { ...app.services, mailer: recordingMailer }, log: silentLog, backoffMs: 10 });
    // Both jobs ran to the end (their effects are recorded): the open one mailed, the withdrawn one sent nothing.
    await eventually(async () => (await Promise.all(jobs.map((job) => hasRun(app.services.db, job.id)))).every(Boolean), 15_000, 'both mail jobs run');
    expect(sent.map((message) => message.to)).toEqual([openEmail]);
  });
});
