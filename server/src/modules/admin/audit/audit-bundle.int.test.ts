import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText, renderPdfPages } from '#server/testing/pdf/pdf-render';
import { rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { plainImage } from '#server/uploads/test-files.test-helper';
import { AUDIT_BUNDLE_NOT_FOUND, AUDIT_NOT_COVERED } from './audit.schema.ts';
import { auditBundleStreamId } from './audit-bundle.ts';

const run = promisify(execFile);
/** The first page of each bundle lands here as a PNG, to be looked at by a person. */
const SHOTS_DIR = process.env.SAHAY_PDF_SHOTS ?? path.join(os.tmpdir(), 'sahay-audit-bundle');

/**
 * The dispute bundle (issue 15): asked for by an admin whose permissions cover the record (an
 * event), made by a job into one PDF with every event of the record, its actors, references and
 * the payment screenshot's thumbnail, and downloaded once made.
 */
describe.each(testDbKinds())('dispute bundles on %s', (kind) => {
  let app: TestApp;
  let finance: AppCaller;
  let financeUser: { userId: string; token: string };
  let verifierToken: string;
  let reference: string;
  let serial: string;
  let email: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    financeUser = await app.account({ role: 'admin', permissions: ['finance'], fullName: 'Bundle Cashier' });
    finance = await app.caller({ token: financeUser.token });
    verifierToken = (await app.account({ role: 'admin', permissions: ['verification'] })).token;
    const visitor = await app.caller();
    email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const pledge = await visitor.donations.create({ amountPaise: 1_500_00, cause: 'medical', donorName: 'सुनीता देवी', email, showName: false });
    reference = pledge.reference.replace('-', '');
    const proof = await request(app.http())
      .post(`/api/donations/${reference}/proof`)
      .field('contact', email)
      .field('utr', '823456789012')
      .attach('screenshot', await plainImage('png', 300, 600), { filename: 'paid.png', contentType: 'image/png' });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    await app.runJobs(); // the screenshot is made safe by a job
    serial = (await finance.donations.admin.verify({ reference, receivedOn: indiaToday(app.services.now()), mode: 'upi' })).receiptSerial;
    await app.runJobs();
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('makes one PDF with every event of the record, its actors, references and the screenshot’s thumbnail; asking and making are events', async () => {
    const streamId = `donation-${reference}`;
    const asked = await finance.admin.audit.requestBundle({ streamId });
    expect(asked).toMatchObject({ streamId, status: 'pending', fileId: null });
    const http = app.http();
    const download = () => request(http).get(`/api/admin/audit/bundles/${asked.bundleId}.pdf`).set({ Authorization: `Bearer ${financeUser.token}` }).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect((await download()).status).toBe(409); // not made yet

    await app.runJobs();
    expect((await finance.admin.audit.bundle({ bundleId: asked.bundleId })).status).toBe('ready');
    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.body as Buffer;

    // Every event of the record is in it, by its number and type; so are the actor and the references.
    const recorded = await app.services.eventStore.readStream(streamId);
    const text = (await extractPdfText(pdf)).replace(/\s+/g, ' ');
    // Each by its number and a label in both languages, its type beside its time (issue 32).
    for (const event of recorded) expect(text, `${event.streamVersion} ${event.type}`).toMatch(new RegExp(`#${event.streamVersion} [^#]* / [^#]*\\(${event.type}\\)`));
    expect(text).toContain('#1 Donation pledged / दान का वचन दिया गया');
    // The donor's e-mail address is masked, as the receipt leaves it out; the name is printed.
    expect(text).toContain('Donor › E-mail / दाता › ई-मेल dXXXXXXXXXXXXX@example.org');
    expect(text).not.toContain(email);
    expect(text).toContain('सुनीता देवी');
    expect(text).toContain(`Bundle Cashier (${financeUser.userId})`);
    expect(text).toContain('utr: 823456789012');
    expect(text).toContain(`serial: ${serial}`);
    expect(text).toContain('Record history for a dispute or an audit');
    // One image: the proof's thumbnail.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
    try {
      fs.writeFileSync(path.join(dir, 'bundle.pdf'), pdf);
      const { stdout } = await run('pdfimages', ['-list', path.join(dir, 'bundle.pdf')]);
      expect(stdout.trim().split('\n').slice(2)).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const pages = await renderPdfPages(pdf, { dpi: 60, outDir: path.join(SHOTS_DIR, `${kind}-${reference}`) });
    expect(pages.length).toBeGreaterThanOrEqual(1);

    const bundleEvents = await app.services.eventStore.readStream(auditBundleStreamId(asked.bundleId));
    // The download is a look at personal data: on the bundle's stream, for the access log.
    expect(bundleEvents.map((event) => event.type)).toEqual(['AuditBundleRequested', 'AuditBundleRendered', 'AuditBundleDownloaded']);
    expect(bundleEvents[0]!.metadata.actor).toBe(financeUser.userId);
    expect(bundleEvents[1]!.metadata).toMatchObject({ actor: 'system', causationId: bundleEvents[0]!.eventId });
    expect(bundleEvents[1]!.data).toMatchObject({ events: recorded.length });
    // A second delivery of the job makes nothing more.
    await app.runJobs();
    expect(await app.services.eventStore.readStream(auditBundleStreamId(asked.bundleId))).toHaveLength(3);
  });

  it('refuses a record the caller’s permissions do not cover, an unknown record and an unknown bundle, writing nothing', async () => {
    const verifier = await app.caller({ token: verifierToken });
    const before = await app.eventCount();
    expect(await rejection(verifier.admin.audit.requestBundle({ streamId: `donation-${reference}` }))).toMatchObject({ code: 'FORBIDDEN', message: AUDIT_NOT_COVERED });
    expect((await rejection(finance.admin.audit.requestBundle({ streamId: 'donation-ZZZZ9999' }))).code).toBe('NOT_FOUND');
    expect(await rejection(finance.admin.audit.bundle({ bundleId: crypto.randomUUID() }))).toMatchObject({ code: 'NOT_FOUND', message: AUDIT_BUNDLE_NOT_FOUND });
    const http = app.http();
    expect((await request(http).post(`/api/admin/audit/donation-${reference}/bundle`).set({ Authorization: `Bearer ${verifierToken}` }).send({})).status).toBe(403);
    expect((await request(http).post(`/api/admin/audit/donation-${reference}/bundle`).set({ Authorization: `Bearer ${financeUser.token}` }).send({ pages: 2 })).status).toBe(400);
    expect((await request(http).get(`/api/admin/audit/bundles/${crypto.randomUUID()}.pdf`).set({ Authorization: `Bearer ${financeUser.token}` })).status).toBe(404);
    expect((await request(http).get('/api/admin/audit/bundles/nope.pdf').set({ Authorization: `Bearer ${financeUser.token}` })).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
    const accepted = await request(http).post(`/api/admin/audit/donation-${reference}/bundle`).set({ Authorization: `Bearer ${financeUser.token}` }).send({});
    expect(accepted.status).toBe(202);
  });
});
