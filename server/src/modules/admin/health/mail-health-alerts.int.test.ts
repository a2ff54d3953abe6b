import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobId } from '#server/queue/queue';
import { slotOf } from '#server/queue/in-process-scheduler';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { HEALTH_CHECK_EVERY_MS, mailHealthAlertsJob } from './mail-health-alerts.job.ts';

describe.each(testDbKinds())('System health alerts mailed to super-admins on %s', (kind) => {
  let app: TestApp;
  let superAdmin: Awaited<ReturnType<TestApp['account']>>;
  let financeAdmin: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind);
    superAdmin = await app.account({ role: 'admin', fullName: 'Meera Super' });
    financeAdmin = await app.account({ role: 'admin', permissions: ['finance'], fullName: 'Ravi Finance' });
    await app.runJobs();
  });
  afterAll(async () => {
    await app?.close();
  });

  const first = slotOf(new Date(), HEALTH_CHECK_EVERY_MS);
  const at = (minutes: number) => new Date(first.getTime() + minutes * 60_000);
  const run = (slot: Date) => mailHealthAlertsJob.run({ id: scheduledJobId(mailHealthAlertsJob.name, slot), scheduledAt: slot }, app.services);
  // The SMS alert's mails only: under a loaded full run another alert may rightly be raised meanwhile
  // (a job of this app's start giving up late), and this test is about one alert's cadence.
  const alertMailsTo = (email: string) =>
    readOutbox(app.dataDir).filter((mail) => mail.text.includes(email) && mail.text.includes('/admin/health') && mail.text.includes('No text message has gone out'));

  it('mails each super-admin an alert once, again after an hour while it lasts, never other staff, and stops when it clears', async () => {
    await run(at(0));
    expect(alertMailsTo(superAdmin.email)).toHaveLength(0);
    await app.services.db.query(
      `INSERT INTO delivery_health (channel, failing_since, last_failure_at, last_error) VALUES ('sms', $1, $1, 'gateway refused')`,
      [at(-20)],
    );
    await run(at(5));
    const mails = alertMailsTo(superAdmin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('No text message has gone out for 15 minutes');
    expect(mails[0]!.text).toContain('SMS_HTTP_URL');
    expect(alertMailsTo(financeAdmin.email)).toEqual([]);
    // The same slot run again (a retry), and the next slots within the hour: no second mail.
    await run(at(5));
    await run(at(10));
    await run(at(60));
    expect(alertMailsTo(superAdmin.email)).toHaveLength(1);
    await run(at(65));
    expect(alertMailsTo(superAdmin.email)).toHaveLength(2);
    await app.services.db.query(`UPDATE delivery_health SET failing_since = NULL WHERE channel = 'sms'`);
    await run(at(130));
    expect(alertMailsTo(superAdmin.email)).toHaveLength(2);
  });
});
