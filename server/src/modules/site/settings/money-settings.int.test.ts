import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '#server/testing/assertions';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { MONEY_SETTINGS_FINANCE_ONLY, OTHER_SETTINGS_SETTINGS_STAFF_ONLY, type TSettings } from './settings.schema.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 29, "Settings that decide where money goes need finance and two-factor": a settings-only
 * admin without a second factor could point every donor's payment at their own UPI ID, or set a 50 %
 * charge on withdrawals. Now they are refused; finance (who signs in with a second factor) may, and
 * every super-admin and finance staff member is mailed at once and sees it on the dashboard for 7 days.
 */
describe.each(testDbKinds())('settings that decide where money goes, on %s', (kind) => {
  let app: TestApp;
  let now = new Date();
  let settingsOnly: AppCaller;
  let financeSettings: AppCaller;
  let financeSettingsUser: Awaited<ReturnType<TestApp['account']>>;
  let superAdminUser: Awaited<ReturnType<TestApp['account']>>;
  let financeUser: Awaited<ReturnType<TestApp['account']>>;
  let settingsOnlyUser: Awaited<ReturnType<TestApp['account']>>;
  let membersUser: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => now });
    settingsOnlyUser = await app.account({ role: 'admin', permissions: ['settings'], fullName: 'Settings Only' });
    settingsOnly = await app.caller({ token: settingsOnlyUser.token });
    financeSettingsUser = await app.account({ role: 'admin', permissions: ['settings', 'finance'], fullName: 'Farida Finance' });
    financeSettings = await app.caller({ token: financeSettingsUser.token });
    superAdminUser = await app.account({ role: 'admin', fullName: 'Sunil Super' });
    financeUser = await app.account({ role: 'admin', permissions: ['finance'], fullName: 'Fatima Finance' });
    membersUser = await app.account({ role: 'admin', permissions: ['members'], fullName: 'Manoj Members' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const attempts: Array<[string, Partial<TSettings>]> = [
    ['the UPI ID', { upiVpa: 'thief@okaxis' }],
    ['the payee name', { upiPayeeName: 'Not The Foundation' }],
    ['the bank account number', { bankAccountNumber: '999988887777' }],
    ['the bank account name and IFSC', { bankAccountName: 'Someone', bankIfsc: 'HDFC0000001' }],
    ['the bank name', { bankName: 'Another Bank' }],
    ['a 50 % charge on withdrawals', { disbursementChargeBasisPoints: 5000 }],
    ['the Kanyadan fee', { kanyadanFeePaise: 99_900 }],
    ['the Kanyadan benefit range', { kanyadanBenefitMinPaise: 1, kanyadanBenefitMaxPaise: 10_00_00_000 }],
    ['the UPI ID along with a harmless link', { upiVpa: 'thief@okaxis', meetingLink: 'https://meet.example.org/x' }],
  ];

  it.each(attempts)('refuses a settings-only admin changing %s, recording nothing and mailing no one', async (_what, data) => {
    const { version } = await settingsOnly.site.settings.get();
    const before = await app.eventCount();
    const mailsBefore = readOutbox(app.dataDir).length;
    expect(await rejection(settingsOnly.site.settings.update({ expectedVersion: version, data }))).toMatchObject({ code: 'FORBIDDEN', message: MONEY_SETTINGS_FINANCE_ONLY });
    await app.runJobs();
    expect(await app.eventCount()).toBe(before);
    expect(readOutbox(app.dataDir)).toHaveLength(mailsBefore);
  });

  it('still lets a settings-only admin change the rest, and send a money setting unchanged beside it', async () => {
    const { version, settings } = await settingsOnly.site.settings.get();
    const saved = await settingsOnly.site.settings.update({ expectedVersion: version, data: { meetingLink: 'https://meet.example.org/evening', upiVpa: settings.upiVpa } });
    expect(saved.settings.meetingLink).toBe('https://meet.example.org/evening');
    await app.runJobs();
    expect((await (await app.caller({ token: superAdminUser.token })).admin.getDashboard()).moneySettingsChanges).toEqual([]);
  });

  it('lets finance change them; mails every super-admin and finance staff member once, and no one else; the dashboard says so for 7 days', async () => {
    const { version } = await financeSettings.site.settings.get();
    const mailsBefore = readOutbox(app.dataDir).length;
    const saved = await financeSettings.site.settings.update({ expectedVersion: version, data: { upiVpa: 'sahay.foundation@oksbi', disbursementChargeBasisPoints: 250 } });
    expect(saved.settings.upiVpa).toBe('sahay.foundation@oksbi');
    await app.runJobs();
    await app.runJobs(); // a second delivery mails no one again
    const mails = readOutbox(app.dataDir).slice(mailsBefore);
    const recipients = mails.map((mail) => /^To: (.+)$/m.exec(mail.text)?.[1]).sort();
    const expected = [financeSettingsUser, superAdminUser, financeUser].map((user) => user.email).sort();
    // Every admin app.account made with every permission is a super-admin too: all of them, no one else.
    const { rows } = await app.services.db.query<{ email: string }>(`SELECT email FROM users WHERE role = 'admin' AND 'finance' = ANY(permissions)`);
    expect(recipients).toEqual(rows.map((row) => row.email).sort());
    for (const email of expected) expect(recipients).toContain(email);
    expect(recipients).not.toContain(settingsOnlyUser.email);
    expect(recipients).not.toContain(membersUser.email);
    const mail = mails[0]!.text;
    expect(mail).toContain('Farida Finance');
    expect(mail).toContain('sahay.foundation@oksbi');
    expect(mail).toContain('2.50 %');
    expect(mail).toContain('यूपीआई आईडी');
    // The Hindi half says the time the Hindi way, not "7:15 am" (issue 32).
    expect(mail).toMatch(/(सुबह|दोपहर|शाम|रात) \d{1,2}:\d{2} \(भारतीय समय\)/);
    expect(mail).not.toMatch(/[ap]m \(भारतीय समय\)/i);

    // Every admin's dashboard shows who changed which, not the values.
    const members = await app.caller({ token: membersUser.token });
    const dashboard = await members.admin.getDashboard();
    expect(dashboard.moneySettingsChanges).toEqual([{ at: expect.any(String), by: { id: financeSettingsUser.userId, name: 'Farida Finance' }, fields: ['upiVpa', 'disbursementChargeBasisPoints'] }]);
    expect(JSON.stringify(dashboard)).not.toContain('sahay.foundation@oksbi');
    const realNow = now;
    now = new Date(realNow.getTime() + 6 * DAY);
    expect((await members.admin.getDashboard()).moneySettingsChanges).toHaveLength(1);
    now = new Date(realNow.getTime() + 8 * DAY);
    expect((await members.admin.getDashboard()).moneySettingsChanges).toEqual([]);
    now = realNow;
  });

  it('lets a finance-only clerk (without the settings permission) set where money goes, and nothing else; a members admin neither', async () => {
    const financeOnly = await app.caller({ token: financeUser.token });
    const { version, settings } = await financeOnly.site.settings.get();
    const before = await app.eventCount();
    for (const data of [{ meetingLink: 'https://meet.example.org/finance' }, { bankName: 'State Bank of India', foundationName: { ...settings.foundationName, en: 'Not Sahay' } }]) {
      expect(await rejection(financeOnly.site.settings.update({ expectedVersion: version, data }))).toMatchObject({ code: 'FORBIDDEN', message: OTHER_SETTINGS_SETTINGS_STAFF_ONLY });
    }
    expect(await rejection((await app.caller({ token: membersUser.token })).site.settings.update({ expectedVersion: version, data: { bankName: 'X' } }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await app.eventCount()).toBe(before);
    // A money setting, with the rest sent unchanged beside it (the web form sends only what changed, but an older tab may not).
    const saved = await financeOnly.site.settings.update({ expectedVersion: version, data: { bankName: 'State Bank of India', meetingLink: settings.meetingLink } });
    expect(saved.settings.bankName).toBe('State Bank of India');
    expect(await app.eventCount()).toBe(before + 1);
  });

  it('records one change when finance saves the same change from several tabs at once; the others are told to reload', async () => {
    const { version } = await financeSettings.site.settings.get();
    const before = await app.eventCount();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => financeSettings.site.settings.update({ expectedVersion: version, data: { bankAccountNumber: '123456789012' } })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((one) => one.status === 'rejected')) expect((result.reason as { code: string }).code).toBe('CONFLICT');
    const settingsEvents = (await app.services.eventStore.readStream('site-settings')).filter((event) => JSON.stringify(event.data).includes('123456789012'));
    expect(settingsEvents).toHaveLength(1);
    expect(await app.eventCount()).toBe(before + 1);
  });
});
