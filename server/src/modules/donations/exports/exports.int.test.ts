import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { AADHAAR_CHECKSUM, AADHAAR_FORMAT } from '#server/modules/kanyadan/submission/aadhaar.schema';
import { fieldErrorsOf, raceCalls, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { expectNothingWritten, pledgeInput, uniqueDonor, uniqueUtr, writes } from '../donations.test-helper.ts';
import { DONATION_TYPE_REQUIRED, PAN_NAME_NOT_LATIN, PAN_NAME_WITHOUT_PAN } from '../donation-fields.schema.ts';
import { PAN_NAME_WITHOUT_ID } from '../donation.decider.ts';
import type { DonationType } from '../donations.events.ts';
import { eraseDonation } from '../erase-donation.ts';
import { form10BDRevisionsDue, NOTHING_TO_REVISE } from './exports.ts';
import { FINANCIAL_YEAR_INVALID, RANGE_REVERSED } from './exports.schema.ts';
import { FILED_BEFORE_YEAR_END, FILED_IN_FUTURE } from './form-10bd-filing.decider.ts';
import { ACKNOWLEDGEMENT_INVALID } from './record-form-10bd-filing.schema.ts';

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
  async function online(label: string, input: Parameters<typeof pledgeInput>[0], receivedOn: string, donationType?: DonationType): Promise<void> {
    clock = new Date(`${receivedOn}T06:00:00.000Z`);
    const pledge = pledgeInput(input);
    const visitor = await app.caller();
    const pay = await visitor.donations.create(pledge);
    await visitor.donations.submitProof({ reference: pay.reference, contact: pledge.email ?? pledge.phone!, utr: uniqueUtr() });
    await finance.donations.admin.verify({ reference: pay.reference, receivedOn, mode: 'upi', ...(donationType ? { donationType } : {}) });
    references[label] = pay.reference;
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const settingsAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const { version } = await settingsAdmin.site.settings.get();
    // The receipts' label under the 2025 Act says nothing Form 10BD takes: the section code comes from its own setting.
    await settingsAdmin.site.settings.update({
      expectedVersion: version,
      data: {
        taxSectionLabel: 'section 133, Income-tax Act 2025',
        section10bdCode: '80G',
        taxExemptionNo: 'AAATS1234AF20214',
        approvalIssuedOn: '2021-09-24',
        // Registered under the FCRA: a foreign citizen's gift can be recorded, and is never part of Form 10BD.
        fcraRegistrationNumber: '231650123',
        fcraBankAccountName: 'Sahay Foundation FCRA Account',
        fcraBankAccountNumber: '40001234567',
        fcraBankIfsc: 'SBIN0000691',
        fcraBankName: 'State Bank of India, New Delhi Main Branch',
      },
    });

    // FY 2031-32: one donor by PAN over two e-mails and two causes, the same PAN in cash at the
    // office, a Hindi donor, a gift without PAN, a cancelled gift, and one in the year before.
    await online('panUpi1', { donorName: 'Meera Shah', pan: 'abcde1234f', amountPaise: 1_000_00, cause: 'general', address: '12,  MG Road,,\n\nJaipur ,' }, '2031-04-10');
    await online('panUpi2', { donorName: 'Meera Shah', pan: 'ABCDE1234F', amountPaise: 2_500_50, cause: 'general' }, '2031-06-15');
    // Finance says this one is a specific grant; a medical-aid gift would default to others.
    await online('panMedical', { donorName: 'Meera Shah', pan: 'ABCDE1234F', amountPaise: 700_00, cause: 'medical' }, '2031-06-16', 'specific-grant');
    clock = new Date('2031-07-01T06:00:00.000Z');
    const cash = await finance.donations.admin.recordOffline({ amountPaise: 1_500_00, cause: 'general', donorName: 'Meera Shah', phone: uniqueDonor().phone, pan: 'ABCDE1234F', mode: 'cash', receivedOn: '2031-07-01', showName: false });
    references.cash = cash.reference;
    await online('hindi', { donorName: 'श्रीमती सुनीता शर्मा', pan: 'PQRST6789K', panName: 'SUNITA SHARMA', amountPaise: 5_000_00, cause: 'kanyadan', address: 'ग्राम पोस्ट, जयपुर' }, '2031-08-01');
    await online('hindiNoLatin', { donorName: 'कृष्ण श्रीवास्तव', pan: 'CQRPS9876L', amountPaise: 2_100_00, cause: 'general' }, '2031-08-15', 'corpus');
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
        ['Permanent Account Number', 'PQRST6789K', 'Section 80G', 'AAATS1234AF20214', 'SUNITA SHARMA', 'Specific grant', electronic, '5000.00'],
      ].sort(),
    );
    expect(rows.map((row) => row[0])).toEqual(['1', '2', '3', '4']);
    expect(new Set(rows.map((row) => row[6]))).toEqual(new Set(['24-09-2021']));
    expect(rows.find((row) => row[3] === 'PQRST6789K')![8]).toBe('ग्राम पोस्ट, जयपुर');
    expect(rows.find((row) => row[10] === electronic && row[9] === 'Others')![8]).toBe('12, MG Road, Jaipur');
    expect(response.text).not.toContain('section 133');

    const missing = await get('/api/admin/exports/10bd-missing-id?fy=2031-32', financeAdmin.token);
    expect(missing.headers['content-disposition']).toBe('attachment; filename="form-10bd-cannot-file-2031-32.csv"');
    const [missingHeader, ...missingRows] = rowsOf(missing.text);
    expect(missingHeader).toEqual(['Reference', 'Received on', 'Amount (₹)', 'Mode', 'Cause', 'Donor', 'Reason']);
    expect(missingRows).toEqual([
      [references.hindiNoLatin, '2031-08-15', '2100.00', 'upi', 'general', 'कृष्ण श्रीवास्तव', 'No name in English letters: record the name as on the PAN'],
      [references.noPan, '2031-09-01', '300.00', 'upi', 'education', 'Ravi Noid', 'No PAN or other ID of the donor: ask the donor and record one'],
    ]);

    expect((await exportsOf()).slice(-2)).toEqual([
      { kind: 'form-10bd', financialYear: '2031-32', from: null, to: null, isFullPan: true, rows: 4, exportedBy: financeAdmin.userId, exportedAt: clock.toISOString() },
      { kind: 'form-10bd-missing-id', financialYear: '2031-32', from: null, to: null, isFullPan: false, rows: 2, exportedBy: financeAdmin.userId, exportedAt: clock.toISOString() },
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
      [references.hindiNoLatin, 'verified', '2031-08-15', '2100.00', 'XXXXX9876L'],
      [references.noPan, 'verified', '2031-09-01', '300.00', ''],
      [references.cancelled, 'cancelled', '2031-10-01', '9000.00', 'XXXXX9999Z'],
    ]);
    expect(rows[3]![column('Donor')]).toBe('श्रीमती सुनीता शर्मा');
    expect(rows[6]![column('Reason (rejected or cancelled)')]).toBe('Chargeback from the bank');
    expect(masked.text).not.toContain('ABCDE1234F');

    const full = await get('/api/admin/exports/donations?from=2031-06-01&to=2031-10-31&fullPan=true', financeAdmin.token);
    expect(rowsOf(full.text).slice(1).map((row) => row[column('PAN')])).toEqual(['ABCDE1234F', 'ABCDE1234F', 'ABCDE1234F', 'PQRST6789K', 'CQRPS9876L', '', 'ZZZZZ9999Z']);
    expect(full.headers['content-disposition']).toBe('attachment; filename="donations-2031-06-01-to-2031-10-31-full-pan.csv"');
    expect((await exportsOf()).slice(-2).map((data) => [data.kind, data.from, data.to, data.isFullPan, data.rows, data.exportedBy])).toEqual([
      ['donations', '2031-06-01', '2031-10-31', false, 7, financeAdmin.userId],
      ['donations', '2031-06-01', '2031-10-31', true, 7, financeAdmin.userId],
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
    expect(missing.map((row) => row[0])).not.toContain(references.noPan);

    // The ID goes with the donor's other details when they are erased; replay agrees.
    await eraseDonation(app.services, { reference: reference.replace('-', ''), reason: 'Asked by the donor' }, { actor: 'system', correlationId: 'test', ip: null });
    expect((await finance.donations.admin.get({ reference })).donorId).toBeNull();
    expect((await rejection(finance.donations.admin.recordDonorId({ reference, kind: 'passport', number: 'Z1234567' }))).code).toBe('CONFLICT');
    const [result] = await replayAndCompare(app.services, 'donations');
    expect(result!.differences).toEqual([]);
  });
  it('takes the name as on the PAN only in Latin letters and only with a PAN, over tRPC and REST; unknown fields are refused; nothing is written then', async () => {
    const visitor = await app.caller();
    const before = await writes(app);
    const devanagari = await rejection(visitor.donations.create(pledgeInput({ donorName: 'कमला शर्मा', pan: 'BKPPS4321K', panName: 'कमला शर्मा' })));
    expect([devanagari.code, fieldErrorsOf(devanagari)]).toEqual(['BAD_REQUEST', { panName: [PAN_NAME_NOT_LATIN] }]);
    const withoutPan = await rejection(visitor.donations.create(pledgeInput({ donorName: 'कमला शर्मा', panName: 'Kamla Sharma' })));
    expect(fieldErrorsOf(withoutPan)).toEqual({ panName: [PAN_NAME_WITHOUT_PAN] });
    const rest = await request(app.http())
      .post('/api/donations')
      .send({ amount: 500, cause: 'general', donorName: 'कमला शर्मा', email: uniqueDonor().email, pan: 'BKPPS4321K', panName: 'Kamla शर्मा' });
    expect([rest.status, rest.body.fieldErrors]).toEqual([400, { panName: [PAN_NAME_NOT_LATIN] }]);
    const unknown = await request(app.http())
      .post('/api/donations')
      .send({ amount: 500, cause: 'general', donorName: 'Kamla Sharma', email: uniqueDonor().email, pan: 'BKPPS4321K', nameOnPan: 'Kamla Sharma' });
    expect([unknown.status, Object.keys(unknown.body.fieldErrors ?? {})]).toEqual([400, ['nameOnPan']]);
    const offline = await request(app.http())
      .post('/api/admin/donations/offline')
      .set('Authorization', `Bearer ${financeAdmin.token}`)
      .send({ amount: 500, cause: 'general', donorName: 'कमला शर्मा', phone: uniqueDonor().phone, pan: 'BKPPS4321K', panName: '=cmd', mode: 'cash', receivedOn: '2032-04-05' });
    expect([offline.status, offline.body.fieldErrors]).toEqual([400, { panName: [PAN_NAME_NOT_LATIN] }]);
    const badType = await rejection((await app.caller({ token: financeAdmin.token })).donations.admin.verify({ reference: references.noPan!, receivedOn: '2031-09-01', mode: 'upi', donationType: 'gift' as DonationType }));
    expect(fieldErrorsOf(badType)).toEqual({ donationType: [DONATION_TYPE_REQUIRED] });
    await expectNothingWritten(app, before);

    // Over REST the field is optional and, when given, kept sealed with the donor's other details.
    const accepted = await request(app.http())
      .post('/api/donations')
      .send({ amount: 500, cause: 'general', donorName: 'कमला शर्मा', email: uniqueDonor().email, pan: 'BKPPS4321K', panName: '  Kamla   Sharma ' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const { rows } = await app.services.db.query<{ donor_pan_name: string }>(`SELECT donor_pan_name FROM donations WHERE reference = $1`, [accepted.body.reference.replace('-', '')]);
    expect(rows).toEqual([{ donor_pan_name: 'Kamla Sharma' }]);
    const { rows: plain } = await app.services.db.query(`SELECT 1 FROM events WHERE data::text LIKE '%Kamla Sharma%'`);
    expect(plain).toHaveLength(0);
  });

  it('lets finance set the name as on the PAN of a gift listed apart, which files it; bad input, no ID and other callers are refused; five at once record one event', async () => {
    const financeCaller = await app.caller({ token: financeAdmin.token });
    const reference = references.hindiNoLatin!;
    const before = await writes(app);
    expect(fieldErrorsOf(await rejection(financeCaller.donations.admin.recordPanName({ reference, panName: 'कृष्ण श्रीवास्तव' })))).toEqual({ panName: [PAN_NAME_NOT_LATIN] });
    expect(fieldErrorsOf(await rejection(financeCaller.donations.admin.recordPanName({ reference, panName: '' })))).toEqual({ panName: [PAN_NAME_NOT_LATIN] });
    expect((await rejection(financeCaller.donations.admin.recordPanName({ reference, panName: 'Krishna Shrivastava', extra: 1 } as never))).code).toBe('BAD_REQUEST');
    // A gift with neither a PAN nor a recorded ID has nothing the name could be "as on".
    const noId = await online('noIdAtAll', { donorName: 'Asha Verma', amountPaise: 200_00, cause: 'general' }, '2031-12-01').then(() => references.noIdAtAll!);
    clock = new Date('2032-04-05T06:00:00.000Z');
    const afterNoId = await writes(app);
    const refused = await rejection(financeCaller.donations.admin.recordPanName({ reference: noId, panName: 'Asha Verma' }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', PAN_NAME_WITHOUT_ID]);
    for (const caller of [await app.caller(), await app.caller({ token: member.token }), await app.caller({ token: membersAdmin.token })]) {
      expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain((await rejection(caller.donations.admin.recordPanName({ reference, panName: 'Krishna Shrivastava' }))).code);
    }
    expect(await writes(app)).toEqual(afterNoId);
    expect(afterNoId.events).toBeGreaterThan(before.events);

    const { succeeded, refusals } = await raceCalls(5, () => financeCaller.donations.admin.recordPanName({ reference, panName: 'Krishna  Shrivastava' }));
    expect([succeeded.length, refusals]).toEqual([5, []]);
    expect(await writes(app)).toEqual({ ...afterNoId, events: afterNoId.events + 1 });
    expect(succeeded[0]).toEqual({ reference: `${reference.slice(0, 4)}-${reference.slice(4)}`.replace('--', '-'), panName: 'Krishna Shrivastava' });
    const { rows: plain } = await app.services.db.query(`SELECT 1 FROM events WHERE data::text LIKE '%Shrivastava%'`);
    expect(plain).toHaveLength(0);

    const [, ...rows] = rowsOf((await get('/api/admin/exports/10bd?fy=2031-32', financeAdmin.token)).text);
    expect(rows.find((row) => row[3] === 'CQRPS9876L')?.slice(7, 12)).toEqual(['Krishna Shrivastava', '', 'Corpus', 'Electronic modes including account payee cheque/draft', '2100.00']);
  });

  it('records a year’s filing and its revision, flags gifts changed since for a revised statement, and refuses bad filings and other callers', async () => {
    const financeCaller = await app.caller({ token: financeAdmin.token });
    const year = '2031-32';
    const before = await writes(app);
    for (const [input, fieldErrors] of [
      [{ financialYear: year, filedOn: '2032-03-31', acknowledgementNumber: '123456789012345' }, { filedOn: [FILED_BEFORE_YEAR_END] }],
      [{ financialYear: year, filedOn: '2032-04-06', acknowledgementNumber: '123456789012345' }, { filedOn: [FILED_IN_FUTURE] }],
      [{ financialYear: year, filedOn: '2032-04-02', acknowledgementNumber: 'ACK-12' }, { acknowledgementNumber: [ACKNOWLEDGEMENT_INVALID] }],
      [{ financialYear: '2031-33', filedOn: '2032-04-02', acknowledgementNumber: '123456789012345' }, { financialYear: [FINANCIAL_YEAR_INVALID] }],
    ] as const) {
      expect(fieldErrorsOf(await rejection(financeCaller.donations.admin.form10bd.recordFiling(input))), JSON.stringify(input)).toEqual(fieldErrors);
    }
    expect((await rejection(financeCaller.donations.admin.form10bd.recordFiling({ financialYear: year, filedOn: '2032-04-02', acknowledgementNumber: '123456789012345', note: 'x' } as never))).code).toBe('BAD_REQUEST');
    for (const caller of [await app.caller(), await app.caller({ token: member.token }), await app.caller({ token: membersAdmin.token })]) {
      expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain((await rejection(caller.donations.admin.form10bd.recordFiling({ financialYear: year, filedOn: '2032-04-02', acknowledgementNumber: '123456789012345' }))).code);
      expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain((await rejection(caller.donations.admin.form10bd.get({ financialYear: year }))).code);
    }
    const revisedTooSoon = await get(`/api/admin/exports/10bd?fy=${year}&revised=true`, financeAdmin.token);
    expect([revisedTooSoon.status, revisedTooSoon.body.message]).toEqual([409, NOTHING_TO_REVISE]);
    await expectNothingWritten(app, before);

    const unfiled = await financeCaller.donations.admin.form10bd.get({ financialYear: year });
    expect([unfiled.filings, unfiled.changedSinceFiling, unfiled.unfileable.map((row) => [row.reference, row.reason])]).toEqual([[], [], [[references.noPan, 'no-id'], [references.noIdAtAll, 'no-id']]]);

    // Two finance admins record the same filing at once (the race test): one event, every answer the same filing.
    const other = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const filing = { financialYear: year, filedOn: '2032-04-02', acknowledgementNumber: '1234 5678 9012 345' };
    const { succeeded, refusals } = await raceCalls(10, (index) => (index % 2 === 0 ? financeCaller : other).donations.admin.form10bd.recordFiling(filing));
    expect(refusals).toEqual([]);
    expect(new Set(succeeded.map((answer) => JSON.stringify(answer.filings.map((entry) => [entry.acknowledgementNumber, entry.isRevision]))))).toEqual(
      new Set([JSON.stringify([['123456789012345', false]])]),
    );
    const filedEvents = async () => (await app.services.db.query(`SELECT data FROM events WHERE type = 'Form10BDFiled'`)).rows.length;
    expect(await filedEvents()).toBe(1);

    // After the filing: a gift of that year verified late, and a name corrected, are flagged.
    clock = new Date('2032-04-05T07:00:00.000Z');
    // A cheque received at the office on 30 March, recorded only now.
    const late = await financeCaller.donations.admin.recordOffline({
      amountPaise: 400_00, cause: 'general', donorName: 'Late Giver', phone: uniqueDonor().phone, pan: 'LATEG1234K', mode: 'cheque', instrumentNumber: '004512', receivedOn: '2032-03-30', showName: false,
    });
    references.late = late.reference;
    clock = new Date('2032-04-05T08:00:00.000Z');
    await financeCaller.donations.admin.recordPanName({ reference: references.hindi!, panName: 'Sunita Sharma' });
    const filed = await financeCaller.donations.admin.form10bd.get({ financialYear: year });
    expect(filed.filings).toEqual([{ filedOn: '2032-04-02', acknowledgementNumber: '123456789012345', isRevision: false, recordedAt: expect.any(String) }]);
    // The ID and the name recorded by the tests above (on 5 April, after the day filed) are changes since the filing too.
    expect(filed.changedSinceFiling.map((row) => [row.reference, row.status, row.amountPaise]).sort()).toEqual(
      [
        [references.noPan, 'verified', 300_00],
        [references.hindiNoLatin, 'verified', 2_100_00],
        [references.late, 'verified', 400_00],
        [references.hindi, 'verified', 5_000_00],
      ].sort(),
    );
    expect(filed.changedSinceFiling.slice(-2).map((row) => row.reference)).toEqual([references.late, references.hindi]);
    // A gift of another year, or one changed before the day filed (the cash gift of 1 July), is not listed.
    expect(filed.changedSinceFiling.map((row) => row.reference)).not.toContain(references.cash);
    expect(await form10BDRevisionsDue(app.services.db)).toEqual([{ financialYear: year, changed: 4 }]);

    const revised = await get(`/api/admin/exports/10bd?fy=${year}&revised=true`, financeAdmin.token);
    expect(revised.headers['content-disposition']).toBe(`attachment; filename="form-10bd-${year}-revised.csv"`);
    const [, ...revisedRows] = rowsOf(revised.text);
    expect(new Set(revisedRows.map((row) => row[1]))).toEqual(new Set(['123456789012345']));
    expect(revisedRows.find((row) => row[3] === 'LATEG1234K')?.[11]).toBe('400.00');
    expect(revisedRows.find((row) => row[3] === 'PQRST6789K')?.[7]).toBe('Sunita Sharma');

    // The revision filed: a second filing of the year, the first kept; the flags are of changes since it.
    clock = new Date('2032-04-06T06:00:00.000Z');
    const afterRevision = await financeCaller.donations.admin.form10bd.recordFiling({ financialYear: year, filedOn: '2032-04-06', acknowledgementNumber: '998877665544332' });
    expect(afterRevision.filings.map((entry) => [entry.acknowledgementNumber, entry.isRevision])).toEqual([
      ['123456789012345', false],
      ['998877665544332', true],
    ]);
    expect((await financeCaller.donations.admin.form10bd.get({ financialYear: year })).changedSinceFiling).toEqual([]);
    expect(await form10BDRevisionsDue(app.services.db)).toEqual([]);

    // A foreign contribution of that year recorded after the filing (a cheque from abroad received in
    // March) is no Form 10BD gift: it flags nothing for a revised statement, and is not listed apart.
    clock = new Date('2032-04-06T07:00:00.000Z');
    const beforeForeign = await financeCaller.donations.admin.form10bd.get({ financialYear: year });
    const foreign = await financeCaller.donations.admin.recordOffline({
      amountPaise: 800_00, cause: 'general', donorName: 'Hiroshi Tanaka', phone: uniqueDonor().phone, mode: 'cheque', instrumentNumber: '778812', receivedOn: '2032-03-20', showName: false, citizenship: 'foreign', country: 'JP',
    });
    expect(foreign.receiptSerial).toMatch(/^[A-Z]+-FC\/2031-32\//);
    const afterForeign = await financeCaller.donations.admin.form10bd.get({ financialYear: year });
    expect(afterForeign.changedSinceFiling).toEqual([]);
    expect([afterForeign.rows, afterForeign.totalPaise, afterForeign.unfileable]).toEqual([beforeForeign.rows, beforeForeign.totalPaise, beforeForeign.unfileable]);
    expect(await form10BDRevisionsDue(app.services.db)).toEqual([]);
    for (const result of await replayAndCompare(app.services)) expect(result.differences, result.projection).toEqual([]);
  });
});
