import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpFields, kanyadanFields, postForm } from '#server/testing/contract/rest-fixtures';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { photoWithExif, simplePdf } from '#server/uploads/test-files.test-helper';
import { ACCESS_LOG_ONLY_SUPER_ADMIN } from './access-log.schema.ts';

/**
 * The access log (issue 15): every recorded look at personal data, from every module, with who
 * looked, at which record and when; filtered by person, record and day; read by a super-admin only.
 */
describe.each(testDbKinds())('the access log on %s', (kind) => {
  let app: TestApp;
  let superAdmin: AppCaller;
  let verifier: { userId: string; token: string };
  let finance: { userId: string; token: string };
  let regNo: string;
  let helpId: string;
  let reference: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    verifier = await app.account({ role: 'admin', permissions: ['verification'], fullName: 'Vimla Verifier' });
    finance = await app.account({ role: 'admin', permissions: ['finance'], fullName: 'Farid Finance' });
    const member = await app.account();
    const documents = {
      photo: { bytes: await photoWithExif(600, 400), filename: 'photo.jpg', contentType: 'image/jpeg' },
      birthCertificate: { bytes: await simplePdf(1, 'Birth certificate'), filename: 'birth.pdf', contentType: 'application/pdf' },
    };
    const application = await postForm(app.http(), '/api/kanyadan/applications', kanyadanFields(), documents);
    expect(application.status, JSON.stringify(application.body)).toBe(201);
    regNo = application.body.regNo as string;
    const recent = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const help = await postForm(app.http(), '/api/help', helpFields(recent), { document1: documents.birthCertificate }).set({ Authorization: `Bearer ${member.token}` });
    expect(help.status, JSON.stringify(help.body)).toBe(201);
    helpId = help.body.id as string;
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    reference = (await (await app.caller()).donations.create({ amountPaise: 1_000_00, cause: 'general', donorName: 'Logged Donor', email, showName: false })).reference.replace('-', '');

    // The looks: the verifier opens the girl's full details and the help request's beneficiary; finance audits a donation.
    const asVerifier = await app.caller({ token: verifier.token });
    await asVerifier.kanyadan.admin.reveal({ regNo });
    await asVerifier.help.admin.reveal({ id: helpId });
    await (await app.caller({ token: finance.token })).admin.audit.history({ streamId: `donation-${reference}` });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists every look, newest first, with who looked, at which record and when', async () => {
    const { entries, hasMore } = await superAdmin.admin.accessLog.list({});
    expect(hasMore).toBe(false);
    expect(entries.map((entry) => [entry.type, entry.viewer.name, entry.record])).toEqual([
      ['AuditRecordViewed', 'Farid Finance', `donation-${reference}`],
      ['HelpBeneficiaryViewed', 'Vimla Verifier', helpId],
      ['KanyadanDetailsViewed', 'Vimla Verifier', regNo],
    ]);
  });

  it('filters by the person who looked, the record, and India’s days', async () => {
    const list = async (filter: object) => (await superAdmin.admin.accessLog.list(filter)).entries.map((entry) => entry.type);
    expect(await list({ viewerId: verifier.userId.toLowerCase() })).toEqual(['HelpBeneficiaryViewed', 'KanyadanDetailsViewed']);
    expect(await list({ record: regNo })).toEqual(['KanyadanDetailsViewed']);
    expect(await list({ record: reference })).toEqual(['AuditRecordViewed']);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(await list({ from: today, to: today })).toHaveLength(3);
    expect(await list({ to: '2020-01-01' })).toEqual([]);
  });

  it('is for a super-admin only, and refuses a date that is not one', async () => {
    const asVerifier = await app.caller({ token: verifier.token });
    expect((await rejection(asVerifier.admin.accessLog.list({}))).code).toBe('FORBIDDEN');
    const membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    expect(await rejection(membersAdmin.admin.accessLog.list({}))).toMatchObject({ code: 'FORBIDDEN', message: ACCESS_LOG_ONLY_SUPER_ADMIN });
    expect(fieldErrorsOf(await rejection(superAdmin.admin.accessLog.list({ from: '2026-02-30' })))).toHaveProperty('from');
    // @ts-expect-error: an unknown field is refused, not dropped
    expect((await rejection(superAdmin.admin.accessLog.list({ kind: 'documents' }))).code).toBe('BAD_REQUEST');
  });
});
