import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NUMBER_CONFIRM_REQUIRED, ACCOUNT_NUMBERS_DIFFER, IFSC_NOT_IN_LIST } from '#server/modules/identity/profile/profile.schema';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { helpFields, kanyadanFields, postForm, type FormFile } from '#server/testing/contract/rest-fixtures';
import { testDbKinds } from '#server/testing/test-db';
import { openEveryDocument } from '#server/testing/open-every-document';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { photoWithExif, simplePdf } from '#server/uploads/test-files.test-helper';
import { watchWrites } from './authorisation-matrix.test-helper.ts';

/** In the banks' published list (State Bank of India); the other has the shape but no such branch. */
const LISTED = 'SBIN0001234';
const UNLISTED = 'SBIN0999999';
const LOOKUPS_PER_WINDOW = 3;
const START = new Date('2031-07-01T06:00:00.000Z');
/** The Kanyadan girl below (born 2017-07-02) turns 18 on this day, when her benefit may be requested. */
const EIGHTEENTH_BIRTHDAY = new Date('2035-07-02T06:00:00.000Z');

/**
 * Issue 16, payout details: wherever a payout account is entered (the profile, a help request, a
 * Kanyadan benefit request) the account number comes twice and the IFSC must be in the banks'
 * published list, checked on the server; a refusal names the field and writes nothing (no event,
 * no file, no job). identity.lookUpIfsc names the bank for a signed-in person, a few times a window.
 */
describe.each(testDbKinds())('payout details on %s', (kind) => {
  let app: TestApp;
  let clock = START;
  let writes: ReturnType<typeof watchWrites>;
  let estimate: FormFile;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock, limits: { ifscLookupPerAccount: { limit: LOOKUPS_PER_WINDOW, windowSeconds: 15 * 60 } } });
    writes = watchWrites(app);
    estimate = { bytes: await simplePdf(1, 'Hospital estimate'), filename: 'estimate.pdf', contentType: 'application/pdf' };
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('the profile', () => {
    const bank = { accountHolder: 'Asha Verma', bankName: 'State Bank of India', accountNumber: '3012 4567 8901' };

    it('refuses an unlisted IFSC and a mismatched or missing second copy beside the field (tRPC), writing nothing', async () => {
      const member = await app.account();
      const caller = await app.caller({ token: member.token });
      const before = await writes();

      const unlisted = await rejection(caller.identity.updateProfile({ ...bank, confirmAccountNumber: '301245678901', ifsc: UNLISTED }));
      expect([unlisted.code, fieldErrorsOf(unlisted)]).toEqual(['BAD_REQUEST', { ifsc: [IFSC_NOT_IN_LIST] }]);
      const mismatched = await rejection(caller.identity.updateProfile({ ...bank, confirmAccountNumber: '301245678910', ifsc: LISTED }));
      expect([mismatched.code, fieldErrorsOf(mismatched)]).toEqual(['BAD_REQUEST', { confirmAccountNumber: [ACCOUNT_NUMBERS_DIFFER] }]);
      const missing = await rejection(caller.identity.updateProfile({ ...bank, ifsc: LISTED }));
      expect(fieldErrorsOf(missing)).toEqual({ confirmAccountNumber: [ACCOUNT_NUMBER_CONFIRM_REQUIRED] });

      expect(await writes()).toEqual(before);
      expect((await caller.identity.getProfile()).details).toMatchObject({ accountNumber: null, ifsc: null });
    });

    it('refuses the same over REST, under the names sent (ifscCode), writing nothing; a copy sent empty is asked for', async () => {
      const member = await app.account();
      const put = (body: object) => request(app.http()).put(`/api/users/profile/${member.userId}`).set(bearer(member.token)).send(body);
      const before = await writes();

      const unlisted = await put({ ...bank, confirmAccountNumber: '301245678901', ifscCode: UNLISTED });
      expect([unlisted.status, unlisted.body.fieldErrors]).toEqual([400, { ifscCode: [IFSC_NOT_IN_LIST] }]);
      const unlistedOurs = await put({ ...bank, confirmAccountNumber: '301245678901', ifsc: UNLISTED });
      expect([unlistedOurs.status, unlistedOurs.body.fieldErrors]).toEqual([400, { ifsc: [IFSC_NOT_IN_LIST] }]);
      const mismatched = await put({ ...bank, confirmAccountNumber: '301245678910', ifsc: LISTED });
      expect([mismatched.status, mismatched.body.fieldErrors]).toEqual([400, { confirmAccountNumber: [ACCOUNT_NUMBERS_DIFFER] }]);
      // Over REST the copy may be left out (PRODUCT.md §12: the original payload has none); sent empty, it is asked for.
      const empty = await put({ ...bank, confirmAccountNumber: '', ifsc: LISTED });
      expect([empty.status, empty.body.fieldErrors]).toEqual([400, { confirmAccountNumber: [ACCOUNT_NUMBER_CONFIRM_REQUIRED] }]);

      expect(await writes()).toEqual(before);
    });

    it('saves a listed IFSC with matching numbers, keeping no copy; the number unchanged needs no copy again', async () => {
      const member = await app.account();
      const caller = await app.caller({ token: member.token });
      const before = await app.eventCount();

      const saved = await caller.identity.updateProfile({ ...bank, confirmAccountNumber: '3012-4567-8901', ifsc: LISTED.toLowerCase() });
      expect(saved.details).toMatchObject({ accountNumber: '301245678901', ifsc: LISTED, accountHolder: 'Asha Verma' });
      expect(saved.details).not.toHaveProperty('confirmAccountNumber');
      expect(await app.eventCount()).toBe(before + 1);
      const { rows } = await app.services.db.query<{ data: string }>(`SELECT data::text AS data FROM events WHERE stream_id = $1 AND type = 'ProfileUpdated'`, [`user-${member.userId}`]);
      expect(rows.map((row) => row.data).join()).not.toContain('confirmAccountNumber');

      // Another field changed later: the account number is not sent, so no copy is asked for.
      expect((await caller.identity.updateProfile({ city: 'Indore' })).details).toMatchObject({ city: 'Indore', accountNumber: '301245678901' });

      const rest = await request(app.http())
        .put(`/api/users/profile/${member.userId}`)
        .set(bearer(member.token))
        .send({ accountNumber: '123456789012', confirmAccountNumber: '1234 5678 9012', ifscCode: 'HDFC0CAGSBK' });
      expect([rest.status, rest.body.details?.accountNumber, rest.body.details?.ifsc]).toEqual([200, '123456789012', 'HDFC0CAGSBK']);
    });
  });

  describe('a help request', () => {
    const askForHelp = (token: string, fields: Record<string, string>) => postForm(app.http(), '/api/help', fields, { document1: estimate }).set(bearer(token));
    const bankFields = (overrides: Record<string, string>) =>
      helpFields('2031-06-10', { upiId: undefined, accountHolder: 'Ramesh Kumar', bankName: 'State Bank of India', accountNumber: '301245678901', confirmAccountNumber: '301245678901', ifsc: LISTED, ...overrides });

    it('refuses an unlisted IFSC and a mismatched account number beside the field, writing nothing (no event, file or job)', async () => {
      const member = await app.account();
      const before = await writes();

      const unlisted = await askForHelp(member.token, bankFields({ ifsc: UNLISTED }));
      expect([unlisted.status, unlisted.body.fieldErrors]).toEqual([400, { ifsc: [IFSC_NOT_IN_LIST] }]);
      const mismatched = await askForHelp(member.token, bankFields({ confirmAccountNumber: '301245678910' }));
      expect([mismatched.status, mismatched.body.fieldErrors]).toEqual([400, { confirmAccountNumber: [ACCOUNT_NUMBERS_DIFFER] }]);
      const missing = await askForHelp(member.token, bankFields({ confirmAccountNumber: '' }));
      expect([missing.status, missing.body.fieldErrors]).toEqual([400, { confirmAccountNumber: [ACCOUNT_NUMBER_CONFIRM_REQUIRED] }]);

      expect(await writes()).toEqual(before);
    });

    it('takes a listed IFSC with matching numbers, and keeps no copy', async () => {
      const member = await app.account();
      const before = await app.eventCount();
      const res = await askForHelp(member.token, bankFields({ ifsc: LISTED.toLowerCase(), confirmAccountNumber: '3012 4567 8901' }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await app.eventCount()).toBeGreaterThan(before);
      const staff = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
      const { beneficiary } = await staff.help.admin.reveal({ id: res.body.id as string });
      expect(beneficiary).toMatchObject({ accountNumber: '301245678901', ifsc: LISTED });
      expect(beneficiary).not.toHaveProperty('confirmAccountNumber');
    });
  });

  describe('a Kanyadan benefit request', () => {
    it('refuses an unlisted IFSC and a mismatched account number beside the field, writing nothing; a listed IFSC with matching numbers is requested', async () => {
      const verification = await app.account({ role: 'admin', permissions: ['verification'] });
      const photo = await photoWithExif(600, 400);
      const applied = await postForm(app.http(), '/api/kanyadan/applications', kanyadanFields('2017-07-02'), {
        photo: { bytes: photo, filename: 'photo.jpg', contentType: 'image/jpeg' },
        birthCertificate: { bytes: await simplePdf(1, 'Birth certificate'), filename: 'birth.pdf', contentType: 'application/pdf' },
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
      const application = { regNo: applied.body.regNo as string };
      // A verifier verifies only after opening each document (issue 32).
      await openEveryDocument(app, await app.caller({ token: verification.token }), application.regNo);
      const base = `/api/admin/kanyadan/applications/${application.regNo}`;
      expect((await request(app.http()).post(`${base}/verify`).set(bearer(verification.token)).send({})).status).toBe(200);
      const card = await simplePdf(1, 'Wedding card');
      clock = EIGHTEENTH_BIRTHDAY;
      try {
        const later = await app.account({ role: 'admin', permissions: ['verification'] });
        const form = (fields: Record<string, string>) => {
          const req = request(app.http()).post(`${base}/benefit-request`).set(bearer(later.token));
          const all = { marriageDate: '2035-11-20', accountHolder: 'Asha Kumari', accountNumber: '123456789012', confirmAccountNumber: '123456789012', ifsc: LISTED, ...fields };
          for (const [name, value] of Object.entries(all)) req.field(name, value);
          return req.attach('marriageProof', card, { filename: 'card.pdf', contentType: 'application/pdf' });
        };
        const before = await writes();

        const unlisted = await form({ ifsc: UNLISTED });
        expect([unlisted.status, unlisted.body.fieldErrors]).toEqual([400, { ifsc: [IFSC_NOT_IN_LIST] }]);
        const mismatched = await form({ confirmAccountNumber: '123456789021' });
        expect([mismatched.status, mismatched.body.fieldErrors]).toEqual([400, { confirmAccountNumber: [ACCOUNT_NUMBERS_DIFFER] }]);
        const missing = await form({ confirmAccountNumber: '' });
        expect([missing.status, missing.body.fieldErrors?.confirmAccountNumber]).toEqual([400, [ACCOUNT_NUMBER_CONFIRM_REQUIRED]]);

        expect(await writes()).toEqual(before);
        const detail = await request(app.http()).get(base).set(bearer(later.token));
        expect([detail.body.status, detail.body.benefit]).toEqual(['verified', null]);

        const requested = await form({ ifsc: LISTED.toLowerCase(), confirmAccountNumber: '1234 5678 9012' });
        expect([requested.status, requested.body]).toEqual([200, { regNo: application.regNo, status: 'benefit_requested' }]);
        const { rows } = await app.services.db.query<{ data: string }>(`SELECT data::text AS data FROM events WHERE stream_id = $1`, [`kanyadan-${application.regNo}`]);
        expect(rows.map((row) => row.data).join()).not.toContain('confirmAccountNumber');
      } finally {
        clock = START;
      }
    });
  });

  describe('identity.lookUpIfsc', () => {
    it('names the bank of a listed IFSC, in any case', async () => {
      const caller = await app.caller({ token: (await app.account()).token });
      expect(await caller.identity.lookUpIfsc({ ifsc: ' sbin0001234 ' })).toEqual({ ifsc: LISTED, isInList: true, bankName: 'State Bank of India' });
      expect(await caller.identity.lookUpIfsc({ ifsc: 'HDFC0CAGSBK' })).toEqual({ ifsc: 'HDFC0CAGSBK', isInList: true, bankName: 'HDFC Bank' });
    });

    it('says plainly that an unlisted IFSC is not in the list, and refuses one of the wrong shape', async () => {
      const caller = await app.caller({ token: (await app.account()).token });
      expect(await caller.identity.lookUpIfsc({ ifsc: UNLISTED })).toEqual({ ifsc: UNLISTED, isInList: false, bankName: null });
      const malformed = await rejection(caller.identity.lookUpIfsc({ ifsc: 'SBIN1234' }));
      expect([malformed.code, Object.keys(fieldErrorsOf(malformed))]).toEqual(['BAD_REQUEST', ['ifsc']]);
    });

    it('refuses visitors, writing nothing', async () => {
      const before = await writes();
      expect((await rejection((await app.caller()).identity.lookUpIfsc({ ifsc: LISTED }))).code).toBe('UNAUTHORIZED');
      expect(await writes()).toEqual(before);
    });

    it(`is limited to ${LOOKUPS_PER_WINDOW} look-ups a window for one account; another account still looks up`, async () => {
      const caller = await app.caller({ token: (await app.account()).token });
      for (let lookUp = 1; lookUp <= LOOKUPS_PER_WINDOW; lookUp++) expect((await caller.identity.lookUpIfsc({ ifsc: LISTED })).isInList, `look-up ${lookUp}`).toBe(true);
      const refused = await rejection(caller.identity.lookUpIfsc({ ifsc: LISTED }));
      expect([refused.code, refused.message]).toEqual(['TOO_MANY_REQUESTS', expect.stringMatching(/^Too many attempts/)]);
      const other = await app.caller({ token: (await app.account()).token });
      expect((await other.identity.lookUpIfsc({ ifsc: LISTED })).bankName).toBe('State Bank of India');
    });
  });
});
