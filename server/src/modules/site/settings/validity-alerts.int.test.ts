import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEvents } from '#server/event-store/queries';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { validityAlertStreamId } from '../site.events.ts';
import { raiseValidityAlerts, validityWarnings } from './validity-alerts.ts';

const DAY = 24 * 60 * 60 * 1000;
const meta = { actor: 'system', correlationId: 'test', causationId: null, ip: null };

/**
 * Issue 31: 90, 30 and 7 days before the approval's (and the FCRA registration's) validity ends, the
 * daily job raises an alert once — a re-run or two workers at once raise it once — and it is mailed
 * once to each super-admin and finance staff member, in both languages, and shown on the dashboard.
 */
describe.each(testDbKinds())('validity alerts, on %s', (kind) => {
  let app: TestApp;
  let now = new Date('2026-12-01T03:00:00Z');
  let finance: Awaited<ReturnType<TestApp['account']>>;
  let superAdmin: Awaited<ReturnType<TestApp['account']>>;
  let membersOnly: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => now });
    finance = await app.account({ role: 'admin', permissions: ['finance', 'settings'], fullName: 'फ़ातिमा ख़ान' });
    superAdmin = await app.account({ role: 'admin', fullName: 'सुनील श्रीवास्तव' });
    membersOnly = await app.account({ role: 'admin', permissions: ['members'], fullName: 'Manoj Members' });
    const caller = await app.caller({ token: finance.token });
    const { version } = await caller.site.settings.get();
    await caller.site.settings.update({ expectedVersion: version, data: { approvalValidFrom: '2022-04-01', approvalValidUntil: '2027-03-31', fcraValidUntil: '2031-06-30' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const alerts = async () => (await findEvents(app.services.db, { streamId: validityAlertStreamId('approval'), types: ['ValidityAlertRaised'] })).map((event) => event.data);
  const mailsTo = (email: string) => readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${email}`) && mail.text.includes('valid until'));

  it('raises nothing more than 90 days before', async () => {
    expect(await raiseValidityAlerts(app.services, meta)).toBe(0);
    expect(await validityWarnings(app.services.db, now)).toEqual([]);
  });

  it('raises the 90-day alert once, however many workers run the check at once', async () => {
    now = new Date('2026-12-31T03:00:00Z');
    const raised = await Promise.all(Array.from({ length: 8 }, () => raiseValidityAlerts(app.services, meta)));
    expect(raised.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await raiseValidityAlerts(app.services, meta)).toBe(0);
    expect(await alerts()).toEqual([expect.objectContaining({ kind: 'approval', validUntil: '2027-03-31', threshold: 90, daysLeft: 90 })]);
    expect(await validityWarnings(app.services.db, now)).toEqual([{ kind: 'approval', validUntil: '2027-03-31', daysLeft: 90 }]);
  });

  it('mails it once to each super-admin and finance staff member, in both languages', async () => {
    await app.runJobs();
    await app.runJobs();
    for (const staff of [finance, superAdmin]) {
      const mails = mailsTo(staff.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('ends in 90 days: it is valid until 31/03/2027');
      expect(mails[0]!.text).toContain('90 दिनों में समाप्त होगा: यह 31/03/2027 तक मान्य है।');
    }
    expect(mailsTo(membersOnly.email)).toHaveLength(0);
  });

  it('raises the 30- and 7-day alerts on their days, and none again', async () => {
    now = new Date('2027-03-01T03:00:00Z');
    expect(await raiseValidityAlerts(app.services, meta)).toBe(1);
    now = new Date(now.getTime() + DAY);
    expect(await raiseValidityAlerts(app.services, meta)).toBe(0);
    now = new Date('2027-03-24T03:00:00Z');
    expect(await raiseValidityAlerts(app.services, meta)).toBe(1);
    expect(await raiseValidityAlerts(app.services, meta)).toBe(0);
    expect((await alerts()).map((alert) => alert.threshold)).toEqual([90, 30, 7]);
  });

  it('starts afresh when a renewal changes the date', async () => {
    // Months have passed on the test's clock: sessions from the start have expired.
    finance = { ...finance, token: (await app.account({ role: 'admin', permissions: ['finance', 'settings'], fullName: 'फ़ातिमा ख़ान' })).token };
    membersOnly = await app.account({ role: 'admin', permissions: ['members'], fullName: 'Manoj Members' });
    const caller = await app.caller({ token: finance.token });
    const { version } = await caller.site.settings.get();
    await caller.site.settings.update({ expectedVersion: version, data: { approvalValidFrom: '2027-04-01', approvalValidUntil: '2027-06-20' } });
    expect(await raiseValidityAlerts(app.services, meta)).toBe(1);
    expect((await alerts()).at(-1)).toMatchObject({ validUntil: '2027-06-20', threshold: 90, daysLeft: 88 });
  });

  it('shows the warning on the dashboard to finance and settings staff only', async () => {
    const asFinance = await (await app.caller({ token: finance.token })).admin.getDashboard();
    expect(asFinance.validityWarnings).toEqual([{ kind: 'approval', validUntil: '2027-06-20', daysLeft: 88 }]);
    const asMembers = await (await app.caller({ token: membersOnly.token })).admin.getDashboard();
    expect(asMembers.validityWarnings).toEqual([]);
  });
});
