import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { AADHAAR_CHECKSUM, AADHAAR_FORMAT } from '#server/modules/kanyadan/submission/aadhaar.schema';
import { fieldErrorsOf, raceCalls, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { pledgeInput, uniqueDonor, uniqueUtr } from '../donations.test-helper.ts';
import { eraseDonation } from '../erase-donation.ts';
import { FINANCIAL_YEAR_INVALID, RANGE_REVERSED } from './exports.schema.ts';

/** A CSV as Excel would open it: the BOM is there, and is not part of the first heading. */
function rowsOf(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parse(text, { bom: true }) as string[][];
}

describe.each(testDbKinds())('finance exports on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-05-01T06:00:00.000Z');
  let finance: AppCaller;
  let financeAdmin: Awaited<ReturnType<TestApp['account']>>;
  let membersAdmin: Awaited<ReturnType<TestApp['account']>>;
  let member: Awaited<ReturnType<TestApp['account']>>;
  const references: Record<string, string> = {};

  const exportsOf = async () =>
    (await app.services.db.query<{ data: Record<string, unknown> }>(`SELECT data FROM events WHERE type = 'DonationsExported' ORDER BY global_position`)).rows.map((row) => row.data);
  const eventCount = async () => Number((await app.services.db.query<{ count: string }>(`SELECT count(*) FROM events`)).rows[0]!.count);
  const get = (path: string, token?: string) => {
    const req = request(app.http()).get(path).buffer(true);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };

  /** An online gift with its proof, verified as received on `receivedOn`. */
  async function online(label: string, input: Parameters<typeof pledgeInput>[0], receivedOn: string): Promise<void> {
    clock = new Date(`${receivedOn}T06:00:00.000Z`);
    const pledge = pledgeInput(input);
    const visitor = await app.caller();
    const pay = await visitor.donations.create(pledge);
    await visitor.donations.submitProof({ reference: pay.reference, contact: pledge.email ?? pledge.phone!, utr: uniqueUtr() });
    await finance.donations.admin.verify({ reference: pay.reference, receivedOn, mode: 'upi' });
    references[label] = pay.reference;
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const settingsAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const { version } = await settingsAdmin.site.settings.get();
    await settingsAdmin.site.settings.update({ expectedVersion: version, data: { taxSectionLabel: '80G', taxExemptionNo: 'AAATS1234AF20214' } });

    // FY 2031-32: one donor by PAN over two e-mails and two causes, the same PAN in cash at the
    // office, a Hindi donor, a gift without PAN, a cancelled gift, and one in the year before.
    await online('panUpi1', { donorName: 'Meera Shah', pan: 'abcde1234f', amountPaise: 1_000_00, cause: 'general', address: '12 MG Road, Jaipur' }, '2031-04-10');
    await online('panUpi2', { donorName: 'Meera Shah', pan: 'ABCDE1234F', amountPaise: 2_500_50, cause: 'general' }, '2031-06-15');
    await online('panMedical', { donorName: 'Meera Shah', pan: 'ABCDE1234F', amountPaise: 700_00, cause: 'medical' }, '2031-06-16');
    clock = new Date('2031-07-01T06:00:00.000Z');
    const cash = await finance.donations.admin.recordOffline({ amountPaise: 1_500_00, cause: 'general', donorName: 'Meera Shah', phone: uniqueDonor().phone, pan: 'ABCDE1234F', mode: 'cash', receivedOn: '2031-07-01', showName: false });
    references.cash = cash.reference;
    await online('hindi', { donorName: 'सुनीता देवी', pan: 'PQRST6789K', amountPaise: 5_000_00, cause: 'kanyadan', address: 'ग्राम पोस्ट, जयपुर' }, '2031-08-01');
    await online('noPan', { donorName: 'Ravi Noid', amountPaise: 300_00, cause: 'education' }, '2031-09-01');
    await online('cancelled', { donorName: 'Bounce Back', pan: 'ZZZZZ9999Z', amountPaise: 9_000_00 }, '2031-10-01');
    await finance.donations.admin.cancel({ reference: references.cancelled!, reason: 'Chargeback from the bank' });
    await online('lastYear', { donorName: 'Meera Shah', pan: 'ABCDE1234F', amountPaise: 100_00, cause: 'general' }, '2031-03-31');
    // The year is over: the accounts that export sign in now.
    clock = new Date('2032-04-05T06:00:00.000Z');
    financeAdmin = await app.account({ role: 'admin', permissions: ['finance'] });
    membersAdmin = await app.account({ role: 'admin', permissions: ['members', 'content', 'settings', 'verification'] });
    member = await app.account();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('Form 10BD: one row per donor and nature, same-nature gifts added up, cash apart, cancelled and other years left out; recorded with the admin', async () => {
    const response = await get('/api/admin/exports/10bd?fy=2031-32', financeAdmin.token);
    expect([response.status, response.headers['content-type'], response.headers['cache-control']]).toEqual([200, 'text/csv; charset=utf-8', 'private, no-store']);
    expect(response.headers['content-disposition']).toBe('attachment; filename="form-10bd-2031-32.csv"');
    const [header, ...rows] = rowsOf(response.text);
    expect(header).toEqual([
      'Sl. No.',
      'Pre Acknowledgement Number',
      'ID Code',
      'Unique Identification Number',
      'Section Code',
      'Unique Registration Number (URN)',
      'Date of Issuance of Unique Registration Number',
      'Name of donor',
      'Address of donor',
      'Donation Type',
      'Mode of receipt',
      'Amount of donation (Indian rupees)',
    ]);
    const electronic = 'Electronic modes including account payee cheque/draft';
    // Row order is the export's own (by name, ID, type, mode); the set of rows is what matters here.
    const summary = rows.map((row) => [row[2], row[3], row[4], row[5], row[7], row[9], row[10], row[11]]);
    expect([...summary].sort()).toEqual(
      [
        ['Permanent Account Number', 'ABCDE1234F', 'Section 80G', 'AAATS1234AF20214', 'Meera Shah', 'Specific grant', electronic, '700.00'],
        ['Permanent Account Number', 'ABCDE1234F', 'Section 80G', 'AAATS1234AF20214', 'Meera Shah', 'Others', 'Cash', '1500.00'],
        ['Permanent Account Number', 'ABCDE1234F', 'Section 80G', 'AAATS1234AF20214', 'Meera Shah', 'Others', electronic, '3500.50'],
        ['Permanent Account Number', 'PQRST6789K', 'Section 80G', 'AAATS1234AF20214', 'सुनीता देवी', 'Specific grant', electronic, '5000.00'],
      ].sort(),
    );
    expect(rows.map((row) => row[0])).toEqual(['1', '2', '3', '4']);
    expect(rows.find((row) => row[3] === 'PQRST6789K')![8]).toBe('ग्राम पोस्ट, जयपुर');

    const missing = await get('/api/admin/exports/10bd-missing-id?fy=2031-32', financeAdmin.token);
    const [, ...missingRows] = rowsOf(missing.text);
    expect(missingRows).toEqual([[references.noPan, '2031-09-01', '300.00', 'upi', 'education', 'Ravi Noid']]);

    expect((await exportsOf()).slice(-2)).toEqual([
      { kind: 'form-10bd', financialYear: '2031-32', from: null, to: null, isFullPan: true, rows: 4, exportedBy: financeAdmin.userId, exportedAt: clock.toISOString() },
      { kind: 'form-10bd-missing-id', financialYear: '2031-32', from: null, to: null, isFullPan: false, rows: 1, exportedBy: financeAdmin.userId, exportedAt: clock.toISOString() },
    ]);
  });

  it('donations CSV: every donation of the range with PANs masked, or in full when asked, which the export records', async () => {
    const masked = await get('/api/admin/exports/donations?from=2031-06-01&to=2031-10-31', financeAdmin.token);
    expect(masked.status).toBe(200);
    const [header, ...rows] = rowsOf(masked.text);
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => [row[column('Reference')], row[column('Status')], row[column('Date')], row[column('Amount (₹)')], row[column('PAN')]])).toEqual([
      [references.panUpi2, 'verified', '2031-06-15', '2500.50', 'XXXXX1234F'],
      [references.panMedical, 'verified', '2031-06-16', '700.00', 'XXXXX1234F'],
      [references.cash, 'verified', '2031-07-01', '1500.00', 'XXXXX1234F'],
      [references.hindi, 'verified', '2031-08-01', '5000.00', 'XXXXX6789K'],
      [references.noPan, 'verified', '2031-09-01', '300.00', ''],
      [references.cancelled, 'cancelled', '2031-10-01', '9000.00', 'XXXXX9999Z'],
    ]);
    expect(rows[3]![column('Donor')]).toBe('सुनीता देवी');
    expect(rows[5]![column('Reason (rejected or cancelled)')]).toBe('Chargeback from the bank');
    expect(masked.text).not.toContain('ABCDE1234F');

    const full = await get('/api/admin/exports/donations?from=2031-06-01&to=2031-10-31&fullPan=true', financeAdmin.token);
    expect(rowsOf(full.text).slice(1).map((row) => row[column('PAN')])).toEqual(['ABCDE1234F', 'ABCDE1234F', 'ABCDE1234F', 'PQRST6789K', '', 'ZZZZZ9999Z']);
    expect(full.headers['content-disposition']).toBe('attachment; filename="donations-2031-06-01-to-2031-10-31-full-pan.csv"');
    expect((await exportsOf()).slice(-2).map((data) => [data.kind, data.from, data.to, data.isFullPan, data.rows, data.exportedBy])).toEqual([
      ['donations', '2031-06-01', '2031-10-31', false, 6, financeAdmin.userId],
      ['donations', '2031-06-01', '2031-10-31', true, 6, financeAdmin.userId],
    ]);
  });

  it('refuses visitors, members and admins without finance, and bad queries, and records nothing then', async () => {
    const before = await eventCount();
    for (const path of ['/api/admin/exports/10bd?fy=2031-32', '/api/admin/exports/10bd-missing-id?fy=2031-32', '/api/admin/exports/donations?from=2031-04-01&to=2031-06-30']) {
      expect((await get(path)).status, path).toBe(401);
      expect((await get(path, member.token)).status, path).toBe(403);
      expect((await get(path, membersAdmin.token)).status, path).toBe(403);
    }
    for (const [path, fieldErrors] of [
      ['/api/admin/exports/10bd?fy=2031-33', { fy: [FINANCIAL_YEAR_INVALID] }],
      ['/api/admin/exports/10bd?fy=31-32', { fy: [FINANCIAL_YEAR_INVALID] }],
      ['/api/admin/exports/10bd-missing-id', { fy: [FINANCIAL_YEAR_INVALID] }],
      ['/api/admin/exports/10bd?fy=2031-32&format=xlsx', { format: [expect.any(String)] }],
      ['/api/admin/exports/donations?from=2031-06-30&to=2031-04-01', { to: [RANGE_REVERSED] }],
      ['/api/admin/exports/donations?from=2031-02-30&to=2031-04-01', { from: [expect.any(String)] }],
      ['/api/admin/exports/donations?from=2031-04-01&to=2031-06-30&fullPan=yes', { fullPan: [expect.any(String)] }],
    ] as const) {
      const response = await get(path, financeAdmin.token);
      expect([response.status, response.body.fieldErrors], path).toEqual([400, fieldErrors]);
    }
    expect(await eventCount()).toBe(before);
  });

  it('records every one of several exports made at once (each is a download someone made)', async () => {
    const before = (await exportsOf()).length;
    const { succeeded, refusals } = await raceCalls(5, () => get('/api/admin/exports/10bd?fy=2031-32', financeAdmin.token).then((response) => response.status));
    expect([succeeded, refusals]).toEqual([[200, 200, 200, 200, 200], []]);
    expect((await exportsOf()).length - before).toBe(5);
  });

  it('lists a gift without PAN once finance records another ID of its donor; refuses a wrong Aadhaar and non-finance callers; the same ID twice is one event', async () => {
    const finance = await app.caller({ token: financeAdmin.token });
    const reference = references.noPan!;
    const before = await eventCount();
    const wrong = await rejection(finance.donations.admin.recordDonorId({ reference, kind: 'aadhaar', number: '1234 5678 9012' }));
    expect([wrong.code, fieldErrorsOf(wrong)]).toEqual(['BAD_REQUEST', { number: [AADHAAR_FORMAT] }]);
    const checksum = await rejection(finance.donations.admin.recordDonorId({ reference, kind: 'aadhaar', number: '2341 2341 2347' }));
    expect(fieldErrorsOf(checksum)).toEqual({ number: [AADHAAR_CHECKSUM] });
    for (const caller of [await app.caller(), await app.caller({ token: member.token }), await app.caller({ token: membersAdmin.token })]) {
      expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain((await rejection(caller.donations.admin.recordDonorId({ reference, kind: 'aadhaar', number: '234123412346' }))).code);
    }
    expect(await eventCount()).toBe(before);

    // Five identical requests at once (a double click, two tabs): one event.
    const { succeeded, refusals } = await raceCalls(5, () => finance.donations.admin.recordDonorId({ reference, kind: 'aadhaar', number: '2341 2341 2346' }));
    expect([succeeded.length, refusals]).toEqual([5, []]);
    expect(await eventCount()).toBe(before + 1);
    expect((await finance.donations.admin.get({ reference })).donorId).toEqual({ kind: 'aadhaar', number: '234123412346' });
    const { rows: plain } = await app.services.db.query(`SELECT 1 FROM events WHERE data::text LIKE '%234123412346%'`);
    expect(plain).toHaveLength(0);

    const [, ...rows] = rowsOf((await get('/api/admin/exports/10bd?fy=2031-32', financeAdmin.token)).text);
    expect(rows.find((row) => row[7] === 'Ravi Noid')?.slice(2, 4)).toEqual(['Aadhaar Number', '234123412346']);
    const [, ...missing] = rowsOf((await get('/api/admin/exports/10bd-missing-id?fy=2031-32', financeAdmin.token)).text);
    expect(missing).toEqual([]);

    // The ID goes with the donor's other details when they are erased; replay agrees.
    await eraseDonation(app.services, { reference: reference.replace('-', ''), reason: 'Asked by the donor' }, { actor: 'system', correlationId: 'test', ip: null });
    expect((await finance.donations.admin.get({ reference })).donorId).toBeNull();
    expect((await rejection(finance.donations.admin.recordDonorId({ reference, kind: 'passport', number: 'Z1234567' }))).code).toBe('CONFLICT');
    const [result] = await replayAndCompare(app.services, 'donations');
    expect(result!.differences).toEqual([]);
  });
});
