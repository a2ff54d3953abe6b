import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOnlyRefusals, raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { uniqueDonor, verifiedDonation } from '../donations.test-helper.ts';
import { CERTIFICATE_ALREADY_MATCHED } from './form-10be-certificate.decider.ts';
import { deliverCertificate } from './deliver-form-10be.job.ts';
import { downloadCertificate, uploadCertificates } from './form-10be.ts';
import { certificatePdf, zipOfFiles } from '#server/testing/form-10be-certificates';
import { recordDueReminders } from './form-10be-reminders.job.ts';

/**
 * Race tests for Form 10BE (issue 31): the same upload, a hand-match, a delivery, a download and
 * the daily reminders, each several times at once, record one set of events. On PGlite the calls
 * are serialised; on PostgreSQL (TEST_DATABASE_URL) they overlap.
 */
const CALLS = 6;

describe.each(testDbKinds())('Form 10BE commands racing on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2030-08-20T04:00:00.000Z');
  let finance: AppCaller;
  let financeId: string;
  const meta = { actor: 'test', correlationId: 'race', ip: null };

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    const account = await app.account({ role: 'admin', permissions: ['finance'] });
    financeId = account.userId;
    finance = await app.caller({ token: account.token });
  });
  afterAll(async () => {
    await app?.close();
  });

  const countOf = async (type: string) => Number((await app.services.db.query<{ count: string }>(`SELECT count(*) FROM events WHERE type = $1`, [type])).rows[0]!.count);

  it('records one set of events for the same upload sent at once, and one delivery and one opening per certificate', async () => {
    const donor = uniqueDonor('kavita');
    const gift = await verifiedDonation(app, finance, { input: { donorName: 'कविता श्रीवास्तव', email: donor.email, phone: donor.phone, pan: 'ABKPS7777Q' }, receivedOn: '2030-08-20' });
    clock = new Date('2031-06-05T06:00:00.000Z');
    const zip = await zipOfFiles([
      { name: 'a.pdf', bytes: await certificatePdf({ foundationPan: 'AAATS1234F', arn: '987654321098765', idNumber: 'ABKPS7777Q', donorName: 'KAVITA SHRIVASTAVA', amount: '5,000', financialYear: '2030-31' }) },
      { name: 'b.pdf', bytes: await certificatePdf({ foundationPan: 'AAATS1234F', arn: '987654321098765', idNumber: 'ZZZPS0000Z', donorName: 'NOBODY', amount: '100', financialYear: '2030-31' }) },
    ]);
    const { succeeded, refusals } = await raceCalls(CALLS, () => uploadCertificates(app.services, [{ name: 'file', bytes: zip }], { userId: financeId }, meta));
    expectOnlyRefusals(refusals, []);
    expect(succeeded.flatMap((answer) => answer.certificates.filter((row) => row.isNew))).toHaveLength(2);
    expect(await countOf('Form10BECertificateUploaded')).toBe(2);
    expect(await countOf('Form10BECertificateMatched')).toBe(1);
    expect(Number((await app.services.db.query<{ count: string }>(`SELECT count(*) FROM files WHERE kind = 'form-10be-certificate'`)).rows[0]!.count)).toBe(2);

    const matchedId = succeeded[0]!.certificates.find((row) => row.status === 'matched')!.id;
    const waitingId = succeeded[0]!.certificates.find((row) => row.status === 'unmatched')!.id;
    // The delivery job delivered twice at once (a redelivered job): one mail, one SMS, one event each.
    const metadata = { actor: 'system', correlationId: 'race' };
    await Promise.all(Array.from({ length: CALLS }, () => deliverCertificate(app.services as never, { jobId: 'race-delivery', certificateId: matchedId }, metadata)));
    expect(await countOf('Form10BECertificateSent')).toBe(2);

    // Opened once, however many downloads at once.
    const downloads = await raceCalls(CALLS, () => downloadCertificate(app.services, matchedId, { memberId: 'nobody' }, meta).catch(() => null));
    expect(downloads.succeeded.every((answer) => answer === null)).toBe(true);
    const proof = (await import('../donations.test-helper.ts')).statementProof;
    const donorProof = await proof(app, donor.email, '192.0.2.90');
    const opened = await raceCalls(CALLS, () => downloadCertificate(app.services, matchedId, { proof: donorProof }, meta));
    expectOnlyRefusals(opened.refusals, []);
    expect(await countOf('Form10BECertificateOpened')).toBe(1);

    // Finance matching the waiting certificate by hand, several times at once: one event.
    const hand = await raceCalls(CALLS, () => finance.donations.admin.form10be.match({ id: waitingId, reference: gift.reference }));
    expectOnlyRefusals(hand.refusals, [['CONFLICT', CERTIFICATE_ALREADY_MATCHED]]);
    expect(await countOf('Form10BECertificateMatched')).toBe(2);
  });

  it('records each reminder once when the daily job runs twice at once', async () => {
    const at = new Date('2031-05-24T03:00:00.000Z');
    await Promise.all(Array.from({ length: CALLS }, () => recordDueReminders(app.services, at)));
    const { rows } = await app.services.db.query<{ stream_id: string; count: string }>(`SELECT stream_id, count(*) FROM events WHERE type = 'TaxDeadlineReminderSent' GROUP BY stream_id ORDER BY stream_id`);
    expect(rows.map((row) => [row.stream_id, Number(row.count)])).toEqual([
      ['tax-deadline-form-10bd-2031-05-31', 1],
      ['tax-deadline-form-10be-2031-05-31', 1],
    ]);
  });
});
