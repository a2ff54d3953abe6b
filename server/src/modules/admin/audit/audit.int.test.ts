import crypto from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_CHARACTER } from '#server/errors/field-errors';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { AUDIT_AS_OF, AUDIT_NOT_COVERED, AUDIT_NOT_FOUND, AUDIT_QUERY_LENGTH, AUDIT_STREAM_ID, type TAuditHistoryResponse } from './audit.schema.ts';
import { auditAccessStreamId } from './audit.ts';

const TODAY = '2031-07-01';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;

/**
 * The audit screen's server side (issue 15): find a record by what staff have in hand, read its
 * history with actors and causes, fold it as of any moment, refuse what a permission does not
 * cover, and record every look.
 */
describe.each(testDbKinds())('audit of a record on %s', (kind) => {
  let app: TestApp;
  let now = new Date(`${TODAY}T06:00:00.000Z`);
  let finance: AppCaller;
  let financeUser: { userId: string; token: string };
  let verifier: AppCaller;
  let superAdmin: AppCaller;
  let memberToken: string;
  let reference: string;
  let serial: string;
  let verifiedAt: Date;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => now });
    financeUser = await app.account({ role: 'admin', permissions: ['finance'], fullName: 'Farida Cashier' });
    finance = await app.caller({ token: financeUser.token, ip: '203.0.113.7' });
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    memberToken = (await app.account()).token;

    // A donation's life: pledged, proof sent 10 minutes later, verified 10 minutes after that.
    const visitor = await app.caller({ ip: '198.51.100.23' });
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const pledge = await visitor.donations.create({ amountPaise: 2_500_00, cause: 'general', donorName: 'Audit Donor', email, showName: false });
    // Shown as ABCD-2345; the stream is named by the reference without its dash.
    reference = pledge.reference.replace('-', '');
    // Events are stamped by the database's clock, not the app's: a few milliseconds apart, so that
    // a moment between two of them exists.
    await sleep(5);
    now = new Date(now.getTime() + 10 * MINUTE);
    await visitor.donations.submitProof({ reference, contact: email, utr: '623456789012' });
    await sleep(5);
    now = new Date(now.getTime() + 10 * MINUTE);
    const verified = await finance.donations.admin.verify({ reference, receivedOn: TODAY, mode: 'upi' });
    verifiedAt = (await app.services.eventStore.readStream(`donation-${reference}`)).find((event) => event.type === 'DonationVerified')!.recordedAt;
    serial = verified.receiptSerial!;
    now = new Date(now.getTime() + 10 * MINUTE);
    await app.runJobs(); // the receipt is rendered by a job, caused by the verification
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds a donation by its reference (with or without the dash) and by its receipt serial, and says whether the caller may open it', async () => {
    const streamId = `donation-${reference}`;
    for (const query of [reference, `${reference.slice(0, 4)}-${reference.slice(4)}`, reference.toLowerCase(), streamId]) {
      expect((await finance.admin.audit.find({ query })).matches, query).toEqual([expect.objectContaining({ streamId, isCovered: true })]);
    }
    expect((await finance.admin.audit.find({ query: serial })).matches).toEqual([{ streamId, kind: 'receipt', isCovered: true }]);
    expect((await verifier.admin.audit.find({ query: reference })).matches).toEqual([{ streamId, kind: 'donation', isCovered: false }]);
    expect((await finance.admin.audit.find({ query: 'ZZZZ9999' })).matches).toEqual([]);
  });

  it('shows every event in order with its actor’s name, the client address, and the events it caused', async () => {
    const history = await finance.admin.audit.history({ streamId: `donation-${reference}` });
    expect(history.events.map((event) => event.type)).toEqual(['DonationPledged', 'DonationProofSubmitted', 'DonationVerified', 'ReceiptRendered']);
    expect(history.events.map((event) => event.version)).toEqual([1, 2, 3, 4]);
    expect(history.currentVersion).toBe(4);
    const [pledged, , verified, rendered] = history.events;
    expect(pledged!.ip).toBe('198.51.100.23');
    expect(verified!.actor).toEqual({ id: financeUser.userId, name: 'Farida Cashier' });
    expect(verified!.ip).toBe('203.0.113.7');
    // The receipt was rendered by a job because of the verification: each names the other.
    expect(rendered!.causedBy).toEqual({ eventId: verified!.eventId, streamId: `donation-${reference}`, type: 'DonationVerified' });
    expect(verified!.caused).toContainEqual({ eventId: rendered!.eventId, streamId: `donation-${reference}`, type: 'ReceiptRendered' });
    // Personal fields are revealed for an admin whose permission covers the record.
    expect(JSON.stringify(pledged!.data)).toContain('Audit Donor');
    expect(history.state.find((table) => table.table === 'donations')?.rows).toEqual([expect.objectContaining({ reference, status: 'verified' })]);
  });

  it('folds the record as of a moment: before the verification it was awaiting it, and each moment’s state is the fold of the events up to it', async () => {
    const before = await finance.admin.audit.history({ streamId: `donation-${reference}`, asOf: new Date(verifiedAt.getTime() - 1).toISOString() });
    expect(before.events.map((event) => event.type)).toEqual(['DonationPledged', 'DonationProofSubmitted']);
    expect(before.currentVersion).toBe(4);
    expect(before.state.find((table) => table.table === 'donations')?.rows).toEqual([expect.objectContaining({ reference, status: 'proof_received' })]);

    // Property: for any moment, the events shown are exactly those recorded by then, and the
    // state shown is the same as reading the whole history then keeping only those events' fold.
    const full = await finance.admin.audit.history({ streamId: `donation-${reference}` });
    const times = full.events.map((event) => Date.parse(event.recordedAt));
    const start = times[0]! - MINUTE;
    const end = times.at(-1)! + MINUTE;
    const statusAfter: Record<string, string> = { DonationPledged: 'awaiting_payment', DonationProofSubmitted: 'proof_received', DonationVerified: 'verified', ReceiptRendered: 'verified' };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: start, max: end }), async (at) => {
        const asOf = new Date(at).toISOString();
        const then: TAuditHistoryResponse = await finance.admin.audit.history({ streamId: `donation-${reference}`, asOf });
        const expected = full.events.filter((event) => Date.parse(event.recordedAt) <= at);
        expect(then.events.map((event) => event.eventId)).toEqual(expected.map((event) => event.eventId));
        const rows = then.state.find((table) => table.table === 'donations')?.rows ?? [];
        expect(rows.map((row) => row.status)).toEqual(expected.length ? [statusAfter[expected.at(-1)!.type]] : []);
      }),
      { numRuns: 15 },
    );
  });

  it('refuses a record the caller’s permissions do not cover, and an unknown one, writing nothing', async () => {
    const before = await app.eventCount();
    expect(await rejection(verifier.admin.audit.history({ streamId: `donation-${reference}` }))).toMatchObject({ code: 'FORBIDDEN', message: AUDIT_NOT_COVERED });
    // The access logs and anything unmapped are a super-admin's.
    expect(await rejection(finance.admin.audit.history({ streamId: auditAccessStreamId(financeUser.userId) }))).toMatchObject({ code: 'FORBIDDEN', message: AUDIT_NOT_COVERED });
    expect(await rejection(finance.admin.audit.history({ streamId: 'donation-ZZZZ9999' }))).toMatchObject({ code: 'NOT_FOUND', message: AUDIT_NOT_FOUND });
    expect(await rejection((await app.caller({ token: memberToken })).admin.audit.history({ streamId: `donation-${reference}` }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await rejection((await app.caller()).admin.audit.find({ query: reference }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses bad input with a clear message: an empty or control-character search, a malformed stream ID, a moment that is not an ISO time, unknown fields', async () => {
    const before = await app.eventCount();
    expect(fieldErrorsOf(await rejection(finance.admin.audit.find({ query: '  ' })))).toEqual({ query: [AUDIT_QUERY_LENGTH] });
    expect(fieldErrorsOf(await rejection(finance.admin.audit.find({ query: 'ABCD\u00002345' })))).toEqual({ query: [NUL_CHARACTER] });
    expect(fieldErrorsOf(await rejection(finance.admin.audit.find({ query: 'ABCD\u00072345' })))).toEqual({ query: [AUDIT_QUERY_LENGTH] });
    expect(fieldErrorsOf(await rejection(finance.admin.audit.history({ streamId: 'DROP TABLE events' })))).toEqual({ streamId: [AUDIT_STREAM_ID] });
    expect(fieldErrorsOf(await rejection(finance.admin.audit.history({ streamId: `donation-${reference}`, asOf: 'yesterday' })))).toEqual({ asOf: [AUDIT_AS_OF] });
    expect((await rejection(finance.admin.audit.history({ streamId: `donation-${reference}`, asOf: '2031-02-30T10:00:00Z' }))).code).toBe('BAD_REQUEST');
    // @ts-expect-error: an unknown field is refused, not dropped
    expect((await rejection(finance.admin.audit.history({ streamId: `donation-${reference}`, reveal: true }))).code).toBe('BAD_REQUEST');
    expect(await app.eventCount()).toBe(before);
  });

  it('records every look on the viewer’s access stream, which a super-admin can audit in turn', async () => {
    const accessStream = auditAccessStreamId(financeUser.userId);
    const looks = async () => (await app.services.eventStore.readStream(accessStream)).filter((event) => event.type === 'AuditRecordViewed');
    const before = (await looks()).length;
    await finance.admin.audit.history({ streamId: `donation-${reference}`, asOf: verifiedAt.toISOString() });
    const after = await looks();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.data).toEqual({ streamId: `donation-${reference}`, asOf: verifiedAt.toISOString(), viewerId: financeUser.userId, viewedAt: now.toISOString() });
    const audited = await superAdmin.admin.audit.history({ streamId: accessStream });
    expect(audited.events.at(-1)).toMatchObject({ type: 'AuditRecordViewed', actor: { id: financeUser.userId } });
  });

  it('answers GET /api/admin/audit/{streamId}?asOf= as the procedure does; 400, 401, 403 and 404 as documented', async () => {
    const http = app.http();
    const asOf = new Date(verifiedAt.getTime() - 1).toISOString();
    const path = `/api/admin/audit/donation-${reference}`;
    const res = await request(http).get(path).query({ asOf }).set({ Authorization: `Bearer ${financeUser.token}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as TAuditHistoryResponse).events.map((event) => event.type)).toEqual(['DonationPledged', 'DonationProofSubmitted']);
    expect((await request(http).get(path).query({ asOf: 'soon' }).set({ Authorization: `Bearer ${financeUser.token}` })).status).toBe(400);
    expect((await request(http).get(path).query({ page: 2 }).set({ Authorization: `Bearer ${financeUser.token}` })).status).toBe(400);
    expect((await request(http).get(path)).status).toBe(401);
    expect((await request(http).get(path).set({ Authorization: `Bearer ${memberToken}` })).status).toBe(403);
    expect((await request(http).get('/api/admin/audit/donation-ZZZZ9999').set({ Authorization: `Bearer ${financeUser.token}` })).status).toBe(404);
  });
});
