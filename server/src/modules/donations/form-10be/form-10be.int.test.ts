import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '#server/testing/assertions';
import { readOutbox, readSmsOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { statementProof, uniqueDonor, verifiedDonation, writes } from '../donations.test-helper.ts';
import { ARCHIVE_TOO_LARGE, CERTIFICATE_FILE_NOT_10BE, CERTIFICATE_FILE_OTHER_PAN, CERTIFICATE_FILE_UNREADABLE, MATCH_NOT_A_GIFT_OF_YEAR } from './form-10be.schema.ts';
import { certificatePdf, zipBomb, zipOfFiles, type CertificateFields } from '#server/testing/form-10be-certificates';
import { recordDueReminders } from './form-10be-reminders.job.ts';

const FOUNDATION_PAN = 'AAATS1234F';
const YEAR = '2030-31';
const RECEIVED = '2030-08-14';

describe.each(testDbKinds())('Form 10BE certificates on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-06-02T06:00:00.000Z');
  let finance: Awaited<ReturnType<TestApp['account']>>;
  let financeCaller: AppCaller;
  let otherAdmin: Awaited<ReturnType<TestApp['account']>>;
  let counter = 0;

  /** A PAN no other test of this run uses. */
  const uniquePan = () => {
    counter += 1;
    const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
    const n = (process.pid * 31 + counter * 7919) % (letters.length ** 3);
    return `AB${letters[n % 24]}P${letters[Math.floor(n / 24) % 24]}${String(1000 + (counter % 9000)).slice(-4)}${letters[Math.floor(n / 576) % 24]}`;
  };
  const arn = () => String(100_000_000_000_000 + process.pid * 1000 + (counter += 1));
  const certificate = (fields: Partial<CertificateFields> & Pick<CertificateFields, 'idNumber' | 'donorName'>) =>
    certificatePdf({ foundationPan: FOUNDATION_PAN, arn: arn(), amount: '12,500', financialYear: YEAR, ...fields });
  const upload = (files: Buffer[], token = finance.token) => {
    const req = request(app.http()).post('/api/admin/form-10be').set('Authorization', `Bearer ${token}`);
    files.forEach((file, index) => req.attach(index === 0 ? 'file' : `file${index + 1}`, file, { filename: `certificate-${index}.pdf`, contentType: 'application/pdf' }));
    return req;
  };
  /** A gift pledged and verified in the certificates' year (the clock then, and back). */
  const gift = async (options: Parameters<typeof verifiedDonation>[2]) => {
    const today = clock;
    clock = new Date(`${options.receivedOn}T04:00:00.000Z`);
    try {
      return await verifiedDonation(app, financeCaller, options);
    } finally {
      clock = today;
    }
  };
  const eventsOf = async (type: string, certificateId: string) =>
    Number((await app.services.db.query<{ count: string }>(`SELECT count(*) FROM events WHERE type = $1 AND stream_id = $2`, [type, `form-10be-${certificateId}`])).rows[0]!.count);

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    finance = await app.account({ role: 'admin', permissions: ['finance'] });
    financeCaller = await app.caller({ token: finance.token });
    otherAdmin = await app.account({ role: 'admin', permissions: ['members', 'content', 'settings', 'verification'] });
    const settingsAdmin = await app.caller({ token: otherAdmin.token });
    const { version } = await settingsAdmin.site.settings.get();
    await settingsAdmin.site.settings.update({ expectedVersion: version, data: { pan: FOUNDATION_PAN } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('matches a Devanagari donor by PAN and Latin name, mails the PDF and texts a link once, and gives it after the one-time code', async () => {
    const pan = uniquePan();
    const donor = uniqueDonor('rahul');
    const rahulGift = await gift({ input: { donorName: 'राहुल कुमार शर्मा', email: donor.email, phone: donor.phone, pan, amountPaise: 12_500_00 }, receivedOn: RECEIVED });
    const pdf = await certificate({ idNumber: pan, donorName: 'RAHUL KUMAR SHARMA' });
    const answer = await upload([pdf]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ certificates: [{ financialYear: YEAR, amountPaise: 12_500_00, donorName: 'RAHUL KUMAR SHARMA', status: 'matched', reason: null, isNew: true }], refused: [] });
    const id = answer.body.certificates[0].id as string;

    await app.runJobs();
    const mails = readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${donor.email}`) && mail.text.includes('Form 10BE'));
    expect(mails, readOutbox(app.dataDir).map((mail) => mail.text.slice(0, 300)).join('\n----\n')).toHaveLength(1);
    expect(mails[0]!.text).toContain(`form-10be-${YEAR}.pdf`);
    expect(mails[0]!.text).toContain('फ़ॉर्म 10BE');
    const texts = readSmsOutbox(app.dataDir).filter((sms) => sms.text.includes(donor.phone.slice(-10)) && sms.text.includes('10BE'));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain('/donate/status');
    // Delivered exactly once: more job runs (a retry) send nothing more and record nothing more.
    await app.runJobs();
    expect(await eventsOf('Form10BECertificateSent', id)).toBe(2);
    expect(readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${donor.email}`) && mail.text.includes('Form 10BE'))).toHaveLength(1);

    // Without the code: nothing. With a code for another contact: not theirs (404).
    const path = `/api/donations/form-10be/${id}/certificate.pdf`;
    expect((await request(app.http()).get(path)).status).toBe(400);
    const stranger = uniqueDonor('stranger');
    await gift({ input: { donorName: 'Asha Verma', email: stranger.email }, receivedOn: RECEIVED });
    const strangersProof = await statementProof(app, stranger.email, '192.0.2.61');
    expect((await request(app.http()).get(path).query({ proof: strangersProof })).status).toBe(404);
    // None yet: the answer names the day Form 10BD is due, as settings hold it, for the page to say when they come.
    expect(await (await app.caller()).donations.form10be.getForProof({ proof: strangersProof })).toEqual({ certificates: [], form10bdDueOn: '05-31' });

    // The donor, by the code sent to their phone: listed, downloaded as issued, opened recorded once.
    const proof = await statementProof(app, donor.phone, '192.0.2.62');
    const listed = await (await app.caller()).donations.form10be.getForProof({ proof });
    expect(listed.certificates).toEqual([{ id, financialYear: YEAR, amountPaise: 12_500_00, downloadUrl: path }]);
    for (let i = 0; i < 2; i += 1) {
      const download = await request(app.http()).get(path).query({ proof }).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toMatch(/application\/pdf/);
      expect(Buffer.compare(download.body as Buffer, pdf)).toBe(0);
    }
    expect(await eventsOf('Form10BECertificateOpened', id)).toBe(1);
    expect(rahulGift.reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  });

  it('decides between two donors sharing one PAN by name, lists what the name cannot decide, and finance matches it by hand', async () => {
    const pan = uniquePan();
    const ram = uniqueDonor('ram');
    const rima = uniqueDonor('rima');
    const ramGift = await gift({ input: { donorName: 'राम शर्मा', email: ram.email, pan }, receivedOn: RECEIVED });
    const rimaGift = await gift({ input: { donorName: 'Rima Sharma', email: rima.email, pan }, receivedOn: '2030-09-01' });
    const answer = await upload([await zipOfFiles([
      { name: 'Form10BE/1.pdf', bytes: await certificate({ idNumber: pan, donorName: 'RIMA SHARMA' }) },
      { name: 'Form10BE/2.pdf', bytes: await certificate({ idNumber: pan, donorName: 'RAMA SHARMA' }) },
      { name: 'Form10BE/3.pdf', bytes: await certificate({ idNumber: uniquePan(), donorName: 'NOBODY KNOWN' }) },
      { name: 'Form10BE/4.pdf', bytes: await certificate({ idNumber: pan, donorName: 'RIMA SHARMA', foundationPan: 'ZZZTS9999Z' }) },
      { name: 'Form10BE/5.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF') },
    ])]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const byFile = Object.fromEntries(answer.body.certificates.map((row: { file: string }) => [row.file, row]));
    expect(byFile['Form10BE/1.pdf']).toMatchObject({ status: 'matched', reason: null });
    expect(byFile['Form10BE/2.pdf']).toMatchObject({ status: 'unmatched', reason: 'several-donors' });
    expect(byFile['Form10BE/3.pdf']).toMatchObject({ status: 'unmatched', reason: 'no-donor' });
    expect(answer.body.refused).toEqual([
      { file: 'Form10BE/4.pdf', message: CERTIFICATE_FILE_OTHER_PAN },
      { file: 'Form10BE/5.pdf', message: CERTIFICATE_FILE_UNREADABLE },
    ]);

    const { certificates } = await financeCaller.donations.admin.form10be.getMany({ fy: YEAR, status: 'unmatched' });
    const waiting = certificates.find((row) => row.id === byFile['Form10BE/2.pdf'].id)!;
    expect(waiting.candidates.map((candidate) => candidate.reference).sort()).toEqual([ramGift.reference, rimaGift.reference].sort());
    expect(waiting.idNumber).toMatch(/^XXXXX/);
    const matchedRow = (await financeCaller.donations.admin.form10be.getMany({ fy: YEAR, status: 'matched' })).certificates.find((row) => row.id === byFile['Form10BE/1.pdf'].id)!;
    expect(matchedRow.references).toEqual([rimaGift.reference]);

    // A donation of another year is refused; Ram's gift is taken, and the certificate goes to Ram only.
    const otherYear = await gift({ input: { donorName: 'राम शर्मा', email: ram.email, pan }, receivedOn: '2031-04-10' });
    const refused = await rejection(financeCaller.donations.admin.form10be.match({ id: waiting.id, reference: otherYear.reference }));
    expect(refused.message).toBe(MATCH_NOT_A_GIFT_OF_YEAR);
    const matched = await request(app.http()).post(`/api/admin/form-10be/${waiting.id}/match`).set('Authorization', `Bearer ${finance.token}`).send({ reference: ramGift.reference });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    await app.runJobs();
    expect(readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${ram.email}`) && mail.text.includes('Form 10BE'))).toHaveLength(1);
    expect(readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${rima.email}`) && mail.text.includes('Form 10BE'))).toHaveLength(1);
    // Matched already: not moved.
    expect((await rejection(financeCaller.donations.admin.form10be.match({ id: waiting.id, reference: rimaGift.reference }))).code).toBe('CONFLICT');
  });

  it('refuses a corrupt PDF, a PDF that is no certificate, and a ZIP bomb, writing nothing; the same upload again records nothing new', async () => {
    const before = await writes(app);
    const pdf = await certificate({ idNumber: uniquePan(), donorName: 'SUNITA DEVI' });
    const corrupt = await upload([pdf.subarray(0, Math.floor(pdf.length / 2))]);
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.message).toBe(CERTIFICATE_FILE_UNREADABLE);
    const notACertificate = await upload([await certificatePdf({ foundationPan: FOUNDATION_PAN, arn: arn(), idNumber: uniquePan(), donorName: 'X', amount: 'twelve', financialYear: YEAR })]);
    expect(notACertificate.status).toBe(400);
    expect(notACertificate.body.message).toBe(CERTIFICATE_FILE_NOT_10BE);
    const bomb = await upload([await zipBomb(40), pdf]);
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toBe(ARCHIVE_TOO_LARGE);
    expect(await writes(app)).toEqual(before);

    const zip = await zipOfFiles([{ name: 'a.pdf', bytes: pdf }, { name: 'b.pdf', bytes: await certificate({ idNumber: uniquePan(), donorName: 'KAMLA DEVI' }) }]);
    const first = await upload([zip]);
    expect(first.body.certificates.map((row: { isNew: boolean }) => row.isNew)).toEqual([true, true]);
    const afterFirst = await writes(app);
    const again = await upload([zip]);
    expect(again.status).toBe(200);
    expect(again.body.certificates.map((row: { isNew: boolean; status: string }) => [row.isNew, row.status])).toEqual([
      [false, 'unmatched'],
      [false, 'unmatched'],
    ]);
    expect(await writes(app)).toEqual(afterFirst);
  });

  it('lets only finance upload, list, match and see the dashboard', async () => {
    const member = await app.account();
    const before = await writes(app);
    const pdf = await certificate({ idNumber: uniquePan(), donorName: 'ANJALI SHRIVASTAVA' });
    expect((await upload([pdf], otherAdmin.token)).status).toBe(403);
    expect((await request(app.http()).post('/api/admin/form-10be').attach('file', pdf, 'c.pdf')).status).toBe(401);
    expect((await upload([pdf], member.token)).status).toBe(403);
    expect((await request(app.http()).get('/api/admin/form-10be').query({ fy: YEAR }).set('Authorization', `Bearer ${otherAdmin.token}`)).status).toBe(403);
    const other = await app.caller({ token: otherAdmin.token });
    expect((await rejection(other.donations.admin.form10be.getMany({ fy: YEAR }))).code).toBe('FORBIDDEN');
    expect((await rejection(other.donations.admin.form10be.dashboard({ fy: YEAR }))).code).toBe('FORBIDDEN');
    expect((await rejection(other.donations.admin.form10be.match({ id: 'a'.repeat(32), reference: 'ABCD2345' }))).code).toBe('FORBIDDEN');
    expect(await writes(app)).toEqual(before);
    // Unknown fields are refused.
    expect((await rejection(financeCaller.donations.admin.form10be.getMany({ fy: YEAR, extra: 1 } as never))).code).toBe('BAD_REQUEST');
  });

  it("counts the year's donors in the filing, certificates uploaded, matched, sent, opened and missing; reminds finance once per mark", async () => {
    const dashboard = await financeCaller.donations.admin.form10be.dashboard({ fy: YEAR });
    const { rows } = await app.services.db.query<{ total: number; matched: number; sent: number; opened: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'matched')::int AS matched,
              count(*) FILTER (WHERE emailed_at IS NOT NULL OR texted_at IS NOT NULL)::int AS sent, count(*) FILTER (WHERE opened_at IS NOT NULL)::int AS opened
         FROM form_10be_certificates WHERE financial_year = $1`,
      [YEAR],
    );
    expect(dashboard).toMatchObject({ financialYear: YEAR, uploaded: rows[0]!.total, matched: rows[0]!.matched, sent: rows[0]!.sent, opened: rows[0]!.opened, form10bdDueOn: '2031-05-31', form10beDueOn: '2031-05-31' });
    expect(dashboard.matched).toBeGreaterThanOrEqual(3);
    expect(dashboard.opened).toBeGreaterThanOrEqual(1);
    // Rahul, Ram and Rima's PAN (one filing row), the stranger without a PAN is not in the filing.
    expect(dashboard.donorsInFiling).toBe(2);
    expect(dashboard.missing).toBe(0);

    clock = new Date('2031-05-01T03:00:00.000Z');
    expect((await recordDueReminders(app.services, clock)).map((sent) => [sent.deadline, sent.daysBefore, sent.dueOn])).toEqual([
      ['form-10bd', 30, '2031-05-31'],
      ['form-10be', 30, '2031-05-31'],
    ]);
    expect(await recordDueReminders(app.services, clock)).toEqual([]);
    clock = new Date('2031-05-30T03:00:00.000Z');
    expect((await recordDueReminders(app.services, clock)).map((sent) => sent.daysBefore)).toEqual([1, 1]);
    await app.runJobs();
    expect(readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${finance.email}`) && mail.text.includes('Form 10BD'))).toHaveLength(2);
    clock = new Date('2031-06-02T06:00:00.000Z');
  });
});
