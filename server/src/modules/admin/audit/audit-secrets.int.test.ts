import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { AUDIT_BUNDLE_LEGACY, AUDIT_BUNDLE_PAYOUT_FINANCE, AUDIT_HIDDEN_PAYOUT, AUDIT_HIDDEN_SECRET } from './audit.schema.ts';
import { auditBundleStreamId } from './audit-bundle.ts';
import { isSecretName, redact } from './redact.ts';

const ACCOUNT_NUMBER = '301245678901';
const UPI_ID = 'asha.verma@okaxis';
const IFSC = 'SBIN0001234';

/**
 * Issue 29, "Audit views show no secrets and log every look": a `members`-only admin (who needs no
 * second factor) opened a member's history and saw every password hash the account ever had, the
 * e-mail's blind index, and the payout details the member page withholds from them. Secrets are
 * hidden from everyone; payout details from all but finance; a dispute bundle hides the same, and
 * asking for one and downloading it are both in the access log, with the people it names.
 */
describe.each(testDbKinds())('what the audit views hide, on %s', (kind) => {
  let app: TestApp;
  let member: Awaited<ReturnType<TestApp['account']>>;
  let membersAdmin: Awaited<ReturnType<TestApp['account']>>;
  let financeAdmin: Awaited<ReturnType<TestApp['account']>>;
  let membersOnly: AppCaller;
  let finance: AppCaller;
  let superAdmin: AppCaller;
  let emailHash: string;
  let streamId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    member = await app.account({ fullName: 'Asha Verma' });
    const caller = await app.caller({ token: member.token });
    await caller.identity.changePassword({ currentPassword: member.password, newPassword: 'a second good password' });
    await caller.identity.updateProfile({ upiId: UPI_ID, bankName: 'State Bank of India', accountHolder: 'Asha Verma', accountNumber: ACCOUNT_NUMBER, confirmAccountNumber: ACCOUNT_NUMBER, ifsc: IFSC });
    membersAdmin = await app.account({ role: 'admin', permissions: ['members'] });
    financeAdmin = await app.account({ role: 'admin', permissions: ['finance', 'members'] });
    membersOnly = await app.caller({ token: membersAdmin.token });
    finance = await app.caller({ token: financeAdmin.token });
    superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const { rows } = await app.services.db.query<{ email_hash: string }>(`SELECT email_hash FROM users WHERE user_id = $1`, [member.userId]);
    emailHash = rows[0]!.email_hash;
    streamId = `user-${member.userId}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** What the record's history holds, before hiding: so each check below is known to look for something there. */
  async function storedHashes(): Promise<string[]> {
    const { rows } = await app.services.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE user_id = $1`, [member.userId]);
    return [rows[0]!.password_hash];
  }

  it('never shows a password hash or a blind index, now or as of any moment, even to a super-admin', async () => {
    expect((await storedHashes())[0]).toMatch(/^\$argon2id\$/);
    expect(emailHash).toMatch(/\S{16,}/);
    const events = await app.services.eventStore.readStream(streamId);
    // Two password hashes in the events: the registration's and the change's.
    expect(events.filter((event) => JSON.stringify(event.data).includes('$argon2'))).toHaveLength(2);
    const lastTime = events.at(-1)!.recordedAt.toISOString();
    for (const viewer of [membersOnly, finance, superAdmin]) {
      for (const asOf of [undefined, lastTime]) {
        const history = await viewer.admin.audit.history({ streamId, ...(asOf ? { asOf } : {}) });
        const shown = JSON.stringify(history);
        expect(shown).not.toContain('$argon2');
        expect(shown).not.toContain(emailHash);
        expect(shown).toContain(AUDIT_HIDDEN_SECRET);
        // Everything else is still there: the member's own name, who changed the password and when.
        expect(shown).toContain('Asha Verma');
        expect(history.events.map((event) => event.type)).toContain('PasswordChanged');
      }
    }
  });

  it('shows payout details to finance only: a members-only admin sees that they were set, not what they are', async () => {
    const hidden = JSON.stringify(await membersOnly.admin.audit.history({ streamId }));
    for (const detail of [ACCOUNT_NUMBER, UPI_ID, IFSC]) expect(hidden).not.toContain(detail);
    expect(hidden).toContain(AUDIT_HIDDEN_PAYOUT);
    const shown = JSON.stringify(await finance.admin.audit.history({ streamId }));
    for (const detail of [ACCOUNT_NUMBER, UPI_ID, IFSC]) expect(shown).toContain(detail);
    expect(shown).not.toContain(AUDIT_HIDDEN_PAYOUT);
    // The REST path answers the same.
    const res = await request(app.http()).get(`/api/admin/audit/${streamId}`).set({ Authorization: `Bearer ${membersAdmin.token}` });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(ACCOUNT_NUMBER);
    expect(JSON.stringify(res.body)).not.toContain('$argon2');
  });

  it('keeps payout details out of the profile a members-only admin reads, over tRPC and REST; the member and finance see them', async () => {
    const forMembers = await membersOnly.identity.getProfile({ userId: member.userId });
    expect(forMembers.fullName).toBe('Asha Verma');
    expect(forMembers.details).toMatchObject({ upiId: null, bankName: null, accountHolder: null, accountNumber: null, ifsc: null });
    expect(forMembers.qrCode.url).toBeNull();
    const res = await request(app.http()).get(`/api/users/profile/${member.userId}`).set({ Authorization: `Bearer ${membersAdmin.token}` });
    expect(res.status).toBe(200);
    for (const detail of [ACCOUNT_NUMBER, UPI_ID, IFSC]) expect(JSON.stringify(res.body)).not.toContain(detail);
    for (const viewer of [finance, await app.caller({ token: member.token })]) {
      expect((await viewer.identity.getProfile({ userId: member.userId })).details).toMatchObject({ upiId: UPI_ID, accountNumber: ACCOUNT_NUMBER, ifsc: IFSC });
    }
  });

  it('hides the same in a dispute bundle, keeps a finance bundle from other staff, and logs asking and downloading with the people named', async () => {
    const http = app.http();
    const download = (bundleId: string, token: string) =>
      request(http)
        .get(`/api/admin/audit/bundles/${bundleId}.pdf`)
        .set({ Authorization: `Bearer ${token}` })
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });

    const asked = await membersOnly.admin.audit.requestBundle({ streamId });
    const byFinance = await finance.admin.audit.requestBundle({ streamId });
    await app.runJobs();

    const res = await download(asked.bundleId, membersAdmin.token);
    expect(res.status).toBe(200);
    const text = (await extractPdfText(res.body as Buffer)).replace(/\s+/g, '');
    expect(text).toContain('PasswordChanged');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(emailHash.replace(/\s+/g, ''));
    for (const detail of [ACCOUNT_NUMBER, UPI_ID, IFSC]) expect(text).not.toContain(detail);

    // The finance bundle shows payout details, so a members-only admin may not download it.
    const financePdf = await download(byFinance.bundleId, financeAdmin.token);
    expect(financePdf.status).toBe(200);
    expect((await extractPdfText(financePdf.body as Buffer)).replace(/\s+/g, '')).toContain(ACCOUNT_NUMBER);
    const before = await app.eventCount();
    const refused = await request(http).get(`/api/admin/audit/bundles/${byFinance.bundleId}.pdf`).set({ Authorization: `Bearer ${membersAdmin.token}` });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: AUDIT_BUNDLE_PAYOUT_FINANCE });
    expect(await rejection(membersOnly.admin.audit.bundle({ bundleId: byFinance.bundleId }))).toMatchObject({ code: 'FORBIDDEN', message: AUDIT_BUNDLE_PAYOUT_FINANCE });
    expect(await app.eventCount()).toBe(before);

    // Asking and downloading are looks at personal data: in the access log, found by the person's record.
    const log = await superAdmin.admin.accessLog.list({ record: streamId });
    const looks = log.entries.filter((entry) => entry.type === 'AuditBundleRequested' || entry.type === 'AuditBundleDownloaded');
    expect(looks.map((entry) => [entry.type, entry.viewer.id])).toEqual(
      expect.arrayContaining([
        ['AuditBundleRequested', membersAdmin.userId],
        ['AuditBundleRequested', financeAdmin.userId],
        ['AuditBundleDownloaded', membersAdmin.userId],
        ['AuditBundleDownloaded', financeAdmin.userId],
      ]),
    );
    expect(looks).toHaveLength(4);
    const requested = (await app.services.eventStore.readStream(auditBundleStreamId(asked.bundleId)))[0]!;
    expect(requested.data).toMatchObject({ streamId, persons: [streamId], showsPayout: false });
    expect(looks.find((entry) => entry.type === 'AuditBundleDownloaded')!.detail).toBe(streamId);
  });
});

describe.each(testDbKinds())('a dispute bundle asked for before secrets were hidden, on %s', (kind) => {
  let app: TestApp;
  afterAll(async () => {
    await app?.close();
  });

  it('is a super-admin’s alone: it was made with every hash and payout detail in it', async () => {
    app = await createTestApp(kind);
    const member = await app.account();
    const membersOnly = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    const financeMembers = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members', 'finance'] })).token });
    const superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const bundleId = crypto.randomUUID();
    const streamId = `user-${member.userId}`;
    // As the request was recorded before issue 29: no showsPayout, no persons.
    await app.services.eventStore.append(
      async () => [{ streamId: auditBundleStreamId(bundleId), expected: 'no_stream', events: [{ type: 'AuditBundleRequested', data: { bundleId, streamId, requestedBy: 'SYSTEM', requestedAt: new Date().toISOString() } }] }],
      { actor: 'system', correlationId: crypto.randomUUID() },
    );
    for (const caller of [membersOnly, financeMembers]) expect(await rejection(caller.admin.audit.bundle({ bundleId }))).toMatchObject({ code: 'FORBIDDEN', message: AUDIT_BUNDLE_LEGACY });
    expect(await superAdmin.admin.audit.bundle({ bundleId })).toMatchObject({ bundleId, streamId });
  });
});

describe('the redaction rule', () => {
  it('hides secrets by name in camelCase and snake_case, and argon2 hashes under any name', () => {
    for (const name of ['passwordHash', 'password_hash', 'emailHash', 'id_hash', 'donorKey', 'donor_key', 'contactKeys', 'contact_keys', 'phoneKey', 'aadhaarKey', 'numberKey', 'secret', 'newTotpSecret', 'token', 'key']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['district_key', 'districtKey', 'passwordChangedAt', 'reference', 'fullName', 'keyword', 'tokens_used']) expect(isSecretName(name), name).toBe(false);
    expect(redact({ note: '$argon2id$v=19$m=19456,t=2,p=1$abc$def' }, true)).toEqual({ note: AUDIT_HIDDEN_SECRET });
  });

  it('hides a payout object whole and each payout field inside anything, unless shown; nothing is hidden where nothing is set', () => {
    const value = { payout: { upiId: 'a@b' }, beneficiary: { accountNumber: '1234', ifsc: 'SBIN0000001', name: 'Ravi' }, rows: [{ upi_id: 'x@y', contact_number: '9876543210' }], bankName: null };
    expect(redact(value, false)).toEqual({
      payout: AUDIT_HIDDEN_PAYOUT,
      beneficiary: { accountNumber: AUDIT_HIDDEN_PAYOUT, ifsc: AUDIT_HIDDEN_PAYOUT, name: 'Ravi' },
      rows: [{ upi_id: AUDIT_HIDDEN_PAYOUT, contact_number: AUDIT_HIDDEN_PAYOUT }],
      bankName: null,
    });
    expect(redact(value, true)).toEqual(value);
  });
});
