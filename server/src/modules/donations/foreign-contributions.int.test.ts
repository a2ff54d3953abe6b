import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEvents } from '#server/event-store/queries';
import { replayAndCompare } from '#server/event-store/replay';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { sumDonationsReceivedByMonth } from './dashboard-charts.ts';
import { CITIZENSHIP_REQUIRED, COUNTRY_INDIA, COUNTRY_INVALID, COUNTRY_ONLY_FOREIGN } from './donation-fields.schema.ts';
import { COUNTRY_REQUIRED } from './donation.decider.ts';
import { expectNothingWritten, pledgeInput, statementProof, uniqueDonor, uniqueUtr, writes } from './donations.test-helper.ts';
import { eraseDonation } from './erase-donation.ts';
import { FC4_COLUMNS, FC4_ERASED_NAME } from './exports/form-fc4.ts';
import { FOREIGN_WITHOUT_FCRA } from './giving/payment-details.ts';
import { binary } from '#server/testing/binary-body';


/**
 * Foreign contributions under the FCRA 2010 (issue 31; decision 058): refused with nothing written
 * while settings hold no registration — over the web's procedure, REST and the office's form — and,
 * once registered, paid into the FCRA account only, numbered in their own series, listed in the
 * quarterly disclosure and the FC-4 export, and never in domestic totals, Form 10BD or bank matching.
 */
describe.each(testDbKinds())('foreign contributions on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-05-10T06:00:00.000Z');
  let finance: Awaited<ReturnType<TestApp['account']>>;
  let financeCaller: AppCaller;
  let superAdmin: AppCaller;
  const contact = '+91 98765 43210 / contact@sahay.example';
  const fcra = { fcraRegistrationNumber: '231650123', fcraBankAccountName: 'Sahay Foundation FCRA Account', fcraBankAccountNumber: '40001234567', fcraBankIfsc: 'SBIN0000691', fcraBankName: 'State Bank of India, New Delhi Main Branch' };
  const refusal = FOREIGN_WITHOUT_FCRA.replace('{contact}', contact);
  const bearer = () => ({ Authorization: `Bearer ${finance.token}` });

  async function updateSettings(data: Record<string, unknown>): Promise<void> {
    const { version } = await superAdmin.site.settings.get();
    await superAdmin.site.settings.update({ expectedVersion: version, data });
  }

  const foreignInput = (overrides: Record<string, unknown> = {}) => pledgeInput({ donorName: 'Emily Carter', citizenship: 'foreign', country: 'US', cause: 'education', ...overrides });
  const offlineInput = (overrides: Record<string, unknown> = {}) => ({
    amountPaise: 50_000_00,
    cause: 'general' as const,
    donorName: 'Hiroshi Tanaka',
    email: uniqueDonor('office').email,
    showName: false,
    mode: 'cheque' as const,
    instrumentNumber: `CHQ${uniqueUtr().slice(-6)}`,
    receivedOn: '2031-05-10',
    citizenship: 'foreign' as const,
    country: 'JP',
    ...overrides,
  });

  /** A foreign pledge with proof, verified by finance: its reference and serial. */
  async function verifiedForeign(input: ReturnType<typeof foreignInput>, receivedOn: string, utr = uniqueUtr()) {
    const visitor = await app.caller();
    const pay = await visitor.donations.create(input);
    await visitor.donations.submitProof({ reference: pay.reference, contact: input.email!, utr });
    const { receiptSerial } = await financeCaller.donations.admin.verify({ reference: pay.reference, receivedOn, mode: 'bank-transfer' });
    return { reference: pay.reference.replace('-', ''), receiptSerial, utr };
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    finance = await app.account({ role: 'admin', permissions: ['finance'] });
    financeCaller = await app.caller({ token: finance.token });
    superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    await updateSettings({
      phone: '+91 98765 43210',
      email: 'contact@sahay.example',
      upiVpa: 'sahay@sbi',
      upiPayeeName: 'Sahay Foundation',
      bankAccountName: 'Sahay Foundation',
      bankAccountNumber: '123456789012',
      bankIfsc: 'SBIN0001234',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('without an FCRA registration', () => {
    it('refuses a foreign citizen on the web’s procedure with what to do instead, and writes nothing', async () => {
      const before = await writes(app);
      const error = await rejection((await app.caller()).donations.create(foreignInput()));
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message: refusal });
      expect(fieldErrorsOf(error)).toEqual({ citizenship: [refusal] });
      // Without a country, and with a Hindi name: the same refusal.
      expect(await rejection((await app.caller()).donations.create(foreignInput({ country: undefined, donorName: 'श्रीवास्तव कृष्ण' })))).toMatchObject({ message: refusal });
      await app.runJobs();
      await expectNothingWritten(app, before);
    });

    it('refuses it over REST with a 400 and writes nothing', async () => {
      const before = await writes(app);
      const res = await request(app.http())
        .post('/api/donations')
        .send({ amount: '2500', cause: 'general', donorName: 'Emily Carter', email: uniqueDonor().email, citizenship: 'foreign', country: 'GB' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: refusal, fieldErrors: { citizenship: [refusal] } });
      await expectNothingWritten(app, before);
    });

    it('refuses a foreign gift at the office, on the procedure and over REST, and writes nothing', async () => {
      const before = await writes(app);
      expect(await rejection(financeCaller.donations.admin.recordOffline(offlineInput()))).toMatchObject({ code: 'BAD_REQUEST', message: refusal });
      const { amountPaise: _amount, ...rest } = offlineInput();
      const res = await request(app.http()).post('/api/admin/donations/offline').set(bearer()).send({ ...rest, amount: '50000' });
      expect([res.status, res.body.message]).toEqual([400, refusal]);
      await app.runJobs();
      await expectNothingWritten(app, before);
    });

    it('takes a REST pledge without the declaration as before (domestic), and records that it was not declared', async () => {
      const res = await request(app.http()).post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Sharma', phone: '9876501234' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ isForeignContribution: false, vpa: 'sahay@sbi' });
      const declared = await request(app.http()).post('/api/donations').send({ amount: 1250, cause: 'kanyadan', donorName: 'Sunita Sharma', phone: '9876501235', citizenship: 'indian' });
      expect(declared.status).toBe(201);
      const pledges = await findEvents(app.services.db, { types: ['DonationPledged'], streamId: `donation-${String(res.body.reference).replace('-', '')}` });
      expect('citizenship' in pledges[0]!.data).toBe(false);
      const indian = await findEvents(app.services.db, { types: ['DonationPledged'], streamId: `donation-${String(declared.body.reference).replace('-', '')}` });
      expect(indian[0]!.data).toMatchObject({ citizenship: 'indian' });
      expect('country' in indian[0]!.data).toBe(false);
    });

    it('refuses bad declarations with field errors, and writes nothing', async () => {
      const before = await writes(app);
      const visitor = await app.caller();
      expect(fieldErrorsOf(await rejection(visitor.donations.create(pledgeInput({ citizenship: 'martian' as 'indian' }))))).toEqual({ citizenship: [CITIZENSHIP_REQUIRED] });
      expect(fieldErrorsOf(await rejection(visitor.donations.create(pledgeInput({ citizenship: 'indian', country: 'US' }))))).toEqual({ country: [COUNTRY_ONLY_FOREIGN] });
      expect(fieldErrorsOf(await rejection(visitor.donations.create(foreignInput({ country: 'IN' }))))).toEqual({ country: [COUNTRY_INDIA] });
      expect(fieldErrorsOf(await rejection(visitor.donations.create(foreignInput({ country: 'XX' }))))).toEqual({ country: [COUNTRY_INVALID] });
      const res = await request(app.http()).post('/api/donations').send({ amount: 100, cause: 'general', donorName: 'Emily Carter', phone: '9876501236', country: 'US' });
      expect([res.status, res.body.fieldErrors]).toEqual([400, { country: [COUNTRY_ONLY_FOREIGN] }]);
      await expectNothingWritten(app, before);
    });
  });

  describe('with an FCRA registration', () => {
    beforeAll(async () => {
      await updateSettings(fcra);
    });

    it('shows only the FCRA account, and requires the country (refused: nothing written)', async () => {
      const before = await writes(app);
      const visitor = await app.caller();
      expect(fieldErrorsOf(await rejection(visitor.donations.create(foreignInput({ country: undefined }))))).toEqual({ country: [COUNTRY_REQUIRED] });
      await expectNothingWritten(app, before);

      const pay = await visitor.donations.create(foreignInput());
      expect(pay).toMatchObject({
        isForeignContribution: true,
        upiLink: null,
        upiQrText: null,
        vpa: '',
        payeeName: fcra.fcraBankAccountName,
        bank: { accountName: fcra.fcraBankAccountName, accountNumber: fcra.fcraBankAccountNumber, ifsc: fcra.fcraBankIfsc, bankName: fcra.fcraBankName },
      });
      expect(JSON.stringify(pay)).not.toContain('sahay@sbi');
      expect(JSON.stringify(pay)).not.toContain('123456789012');
      // Come back through the status page: the same account, never the domestic one.
      const input = foreignInput();
      const again = await visitor.donations.create(input);
      const status = await visitor.donations.getStatus({ reference: again.reference, contact: input.email! });
      expect(status.pay).toEqual({ ...again });
      expect(JSON.stringify(status)).not.toContain('123456789012');
      // Finance sees it is a foreign contribution, from where.
      expect(await financeCaller.donations.admin.get({ reference: again.reference })).toMatchObject({ citizenship: 'foreign', country: 'US', donorName: 'Emily Carter' });
    });

    it('numbers foreign receipts in their own gap-free series, beside the domestic one', async () => {
      const domesticBefore = await verifiedDomestic('2031-05-10');
      const first = await verifiedForeign(foreignInput(), '2031-05-10');
      const office = await financeCaller.donations.admin.recordOffline(offlineInput());
      const domesticAfter = await verifiedDomestic('2031-05-10');
      expect(first.receiptSerial).toBe('SAHAY-FC/2031-32/000001');
      expect(office.receiptSerial).toBe('SAHAY-FC/2031-32/000002');
      const number = (serial: string) => Number(serial.split('/')[2]);
      expect(domesticBefore).toMatch(/^SAHAY\/2031-32\/\d{6}$/);
      expect(number(domesticAfter)).toBe(number(domesticBefore) + 1);

      // The foreign receipt names the registration it was received under and says nothing of Form 10BE; a domestic one never mentions FCRA.
      await app.runJobs();
      const receiptText = async (reference: string) => {
        const res = await request(app.http()).get(`/api/admin/donations/${reference}/receipt.pdf`).set(bearer()).buffer(true).parse(binary);
        expect(res.status).toBe(200);
        return (await extractPdfText(res.body as Buffer)).replace(/\s+/g, ' ');
      };
      const foreignText = await receiptText(first.reference);
      expect(foreignText).toContain('FCRA registration No. / FCRA पंजीकरण संख्या 231650123');
      expect(foreignText).toContain('(registration no. 231650123), in the foundation');
      expect(foreignText).not.toContain('Form 10BE');
      const domesticAllocation = (await findEvents(app.services.db, { types: ['ReceiptSerialAllocated'] })).find((event) => event.data.serial === domesticAfter);
      const domesticText = await receiptText(String(domesticAllocation!.data.reference));
      expect(domesticText).not.toContain('FCRA');
      expect(domesticText).toContain('Form 10BE');
    });

    it('refuses a foreign gift once the registration’s last day in settings has passed, online, over REST and at the office, and writes nothing', async () => {
      await updateSettings({ fcraValidUntil: '2031-05-09' });
      const before = await writes(app);
      expect(await rejection((await app.caller()).donations.create(foreignInput()))).toMatchObject({ code: 'BAD_REQUEST', message: refusal });
      const res = await request(app.http()).post('/api/donations').send({ amount: '2500', cause: 'general', donorName: 'Emily Carter', email: uniqueDonor().email, citizenship: 'foreign', country: 'GB' });
      expect([res.status, res.body.message]).toEqual([400, refusal]);
      expect(await rejection(financeCaller.donations.admin.recordOffline(offlineInput()))).toMatchObject({ message: refusal });
      await app.runJobs();
      await expectNothingWritten(app, before);
      // Renewed (or extended by the ministry): finance enters the new last day, and gifts are taken again.
      await updateSettings({ fcraValidUntil: '2036-05-09' });
      expect(await (await app.caller()).donations.create(foreignInput())).toMatchObject({ isForeignContribution: true });
    });

    it('keeps foreign gifts out of the domestic totals, Form 10BD and bank matching, and lists them in the disclosure and FC-4', async () => {
      clock = new Date('2031-06-02T06:00:00.000Z');
      await app.runJobs();
      const visitor = await app.caller();
      const countersBefore = await visitor.transparency.counters.get();
      const reportBefore = await visitor.transparency.report.get({});
      const monthBefore = await sumDonationsReceivedByMonth(app.services.db, { from: '2031-06-01', to: '2031-07-01' });

      const input = foreignInput({ donorName: 'Olivia Brown', amountPaise: 7_777_00, pan: 'ABCDE1234F', address: '5 Baker Street\nLondon', country: 'gb', cause: 'medical' });
      const gift = await verifiedForeign(input, '2031-06-02');
      // An open foreign pledge whose UTR and amount a line of the domestic statement carries.
      const openUtr = uniqueUtr();
      const open = foreignInput({ amountPaise: 4_321_00 });
      const openPay = await visitor.donations.create(open);
      await visitor.donations.submitProof({ reference: openPay.reference, contact: open.email!, utr: openUtr });
      await app.runJobs();

      expect(await visitor.transparency.counters.get()).toEqual(countersBefore);
      const report = await visitor.transparency.report.get({});
      expect([report.totals, report.gifts.total, report.months, report.causes]).toEqual([reportBefore.totals, reportBefore.gifts.total, reportBefore.months, reportBefore.causes]);
      expect(await sumDonationsReceivedByMonth(app.services.db, { from: '2031-06-01', to: '2031-07-01' })).toEqual(monthBefore);

      // The quarterly disclosure: April–June 2031 is 2031-32 Q1; the donor is named, as the rules ask.
      const quarter = report.foreignContributions!.quarters[0]!;
      expect(report.foreignContributions!.registrationNumber).toBe(fcra.fcraRegistrationNumber);
      expect(quarter).toMatchObject({ quarter: '2031-32 Q1', from: '2031-04-01', to: '2031-06-30' });
      expect(quarter.items[0]).toEqual({ donorName: 'Olivia Brown', isNameErased: false, country: 'GB', amountPaise: 7_777_00, receivedOn: '2031-06-02', cause: 'medical' });
      // Newest first; the two of 10 May were verified at one instant, so their order is the references'.
      expect(quarter.items.map((item) => item.donorName).slice(1).sort()).toEqual(['Emily Carter', 'Hiroshi Tanaka']);
      expect(quarter.items).toHaveLength(3);
      expect(quarter.totalPaise).toBe(7_777_00 + 50_000_00 + 1_250_00);

      // Form 10BD: none of the foreign gifts, though Olivia gave a PAN.
      const tenBd = await request(app.http()).get('/api/admin/exports/10bd').query({ fy: '2031-32' }).set(bearer());
      expect(tenBd.status).toBe(200);
      expect(tenBd.text).toContain('Sunita');
      for (const name of ['Olivia', 'Hiroshi', 'Emily']) expect(tenBd.text).not.toContain(name);

      // FC-4: every verified foreign gift of the year, donor by donor.
      const fc4 = await request(app.http()).get('/api/admin/exports/fc4').query({ fy: '2031-32' }).set(bearer());
      expect(fc4.status).toBe(200);
      const rows = parse(fc4.text, { bom: true }) as string[][];
      expect(rows[0]).toEqual([...FC4_COLUMNS]);
      expect(rows.slice(1).map((row) => row[0]).sort()).toEqual(['Emily Carter', 'Hiroshi Tanaka', 'Olivia Brown']);
      expect(rows.find((row) => row[0] === 'Olivia Brown')).toEqual(['Olivia Brown', 'Individual', 'United Kingdom', '5 Baker Street, London', '7777.00', '2031-06-02', 'Medical aid', gift.receiptSerial]);
      expect(fc4.text).not.toContain('Sunita');
      const fcOthers = await request(app.http()).get('/api/admin/exports/fc4').query({ fy: '2031-32' }).set('Authorization', `Bearer ${(await app.account({ role: 'admin', permissions: ['verification'] })).token}`);
      expect(fcOthers.status).toBe(403);

      // The domestic statement: neither the open foreign pledge nor the verified one is offered.
      const statement = Buffer.from(
        [
          'Txn Date,Description,Ref No./Cheque No.,Debit,Credit',
          `02 Jun 2031,"UPI/${openUtr}/EMILY",,,"4,321.00"`,
          `02 Jun 2031,"NEFT-${gift.utr}-OLIVIA",,,"7,777.00"`,
        ].join('\r\n'),
      );
      const upload = await request(app.http()).post('/api/admin/bank-statements').set(bearer()).attach('file', statement, { filename: 'statement.csv', contentType: 'text/csv' });
      expect(upload.status).toBe(200);
      expect([upload.body.sure, upload.body.possible]).toEqual([[], []]);
      expect(upload.body.unmatched.map((line: { amountPaise: number; alreadyVerified?: unknown }) => line.amountPaise)).toEqual([4_321_00, 7_777_00]);
      expect(JSON.stringify(upload.body)).not.toContain(openPay.reference.replace('-', ''));
      expect(JSON.stringify(upload.body)).not.toContain(gift.reference);

      // Erasure: the name leaves the disclosure, the row (amount, country, date, purpose) stays.
      await eraseDonation(app.services, { reference: gift.reference, reason: 'Asked by the donor' }, { actor: 'system', correlationId: 'test', ip: null });
      await app.runJobs();
      const erased = (await visitor.transparency.report.get({})).foreignContributions!.quarters[0]!;
      expect(erased.items[0]).toEqual({ donorName: null, isNameErased: true, country: 'GB', amountPaise: 7_777_00, receivedOn: '2031-06-02', cause: 'medical' });
      expect(erased.totalPaise).toBe(quarter.totalPaise);
      // No table holds her name or address in clear afterwards (the receipt kept for the tax period is sealed).
      const { rows: tables } = await app.services.db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      );
      expect(tables.map((table) => table.table_name)).toContain('site_transparency_foreign');
      const hits: string[] = [];
      for (const { table_name: table } of tables) {
        for (const needle of ['Olivia Brown', '5 Baker Street']) {
          const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM "${table}" AS row WHERE row::text ILIKE $1`, [`%${needle}%`]);
          if (rows[0]!.count > 0) hits.push(`${table}: ${needle}`);
        }
      }
      expect(hits).toEqual([]);
      const fc4After = await request(app.http()).get('/api/admin/exports/fc4').query({ fy: '2031-32' }).set(bearer());
      expect(fc4After.text).not.toContain('Olivia');
      expect(fc4After.text).toContain(FC4_ERASED_NAME);

      // A cancelled foreign gift leaves the disclosure, and gives nothing back to domestic totals.
      await financeCaller.donations.admin.cancel({ reference: gift.reference, reason: 'Returned by the bank' });
      await app.runJobs();
      expect((await visitor.transparency.report.get({})).foreignContributions!.quarters[0]!.totalPaise).toBe(quarter.totalPaise - 7_777_00);
      expect(await visitor.transparency.counters.get()).toEqual(countersBefore);

      for (const name of ['donations', 'site_counters', 'site_transparency']) {
        const [result] = await replayAndCompare(app.services, name);
        expect(result!.differences, name).toEqual([]);
      }
    });

    it('gives a foreign donor’s yearly statement without the Form 10BE note, which their gifts never get', async () => {
      clock = new Date('2031-07-01T06:00:00.000Z');
      const email = uniqueDonor('foreign-statement').email;
      const gift = await verifiedForeign(foreignInput({ email }), '2031-07-01');
      clock = new Date('2032-04-05T06:00:00.000Z');
      const response = await request(app.http()).get('/api/donations/statement.pdf').query({ fy: '2031-32', proof: await statementProof(app, email) }).buffer(true).parse(binary);
      expect(response.status).toBe(200);
      const text = await extractPdfText(response.body as Buffer);
      // The serial may wrap in its table cell.
      expect(text.replace(/\s+/g, '')).toContain(gift.receiptSerial);
      expect(text).not.toContain('Form 10BE');
    });
  });

  async function verifiedDomestic(receivedOn: string): Promise<string> {
    const input = pledgeInput({ donorName: 'Sunita Sharma', pan: 'PQRSX1234K', citizenship: 'indian' });
    const visitor = await app.caller();
    const pay = await visitor.donations.create(input);
    await visitor.donations.submitProof({ reference: pay.reference, contact: input.email!, utr: uniqueUtr() });
    return (await financeCaller.donations.admin.verify({ reference: pay.reference, receivedOn, mode: 'upi' })).receiptSerial;
  }
});
