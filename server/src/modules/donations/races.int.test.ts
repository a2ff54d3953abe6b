import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOnlyRefusals, raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { CANCEL_NOT_VERIFIED, instrumentAlreadyUsed, VERIFY_CANCELLED } from './donation.decider.ts';
import { pledgeInput, uniqueDonor, uniqueUtr } from './donations.test-helper.ts';
import { eraseDonation } from './erase-donation.ts';
import { markAbandonedDonations } from './giving/mark-abandoned-donations.job.ts';
import { processDonationScreenshot } from './giving/process-donation-screenshot.job.ts';
import { submitProof } from './giving/submit-proof.ts';

/**
 * Race tests (issue 9, 10) for the donations commands: ten identical calls at once record exactly
 * the right number of events, and every call that does not succeed is refused with a clear 4xx. On
 * PGlite the calls are serialised; on PostgreSQL (TEST_DATABASE_URL) they overlap.
 */
const CALLS = 10;

describe.each(testDbKinds())('donations commands racing on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2032-01-10T06:00:00.000Z');
  let finance: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function typesOn(reference: string): Promise<string[]> {
    return (await app.services.eventStore.readStream(`donation-${reference.replace('-', '')}`)).map((event) => event.type);
  }

  async function withProof(): Promise<{ reference: string; contact: string; utr: string }> {
    const input = pledgeInput();
    const { reference } = await (await app.caller()).donations.create(input);
    const utr = uniqueUtr();
    await (await app.caller()).donations.submitProof({ reference, contact: input.email!, utr });
    return { reference, contact: input.email!, utr };
  }

  it('create: ten identical pledges are ten donations under ten references', async () => {
    const input = pledgeInput();
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).donations.create(input));
    expect(refusals).toEqual([]);
    expect(new Set(succeeded.map((pay) => pay.reference)).size).toBe(CALLS);
    for (const pay of succeeded) expect(await typesOn(pay.reference)).toEqual(['DonationPledged']);
  });

  it('submitProof: the same UTR ten times is one proof', async () => {
    const input = pledgeInput();
    const { reference } = await (await app.caller()).donations.create(input);
    const utr = uniqueUtr();
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).donations.submitProof({ reference, contact: input.email!, utr }));
    expect(refusals).toEqual([]);
    expect(succeeded).toHaveLength(CALLS);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationProofSubmitted']);
  });

  it('verify: ten finance clicks are one verification, one serial and one UTR claim; all ten answer with that serial', async () => {
    const { reference } = await withProof();
    const { succeeded, refusals } = await raceCalls(CALLS, () => finance.donations.admin.verify({ reference, receivedOn: '2032-01-10', mode: 'upi' }));
    expect(refusals).toEqual([]);
    expect(new Set(succeeded.map((result) => result.receiptSerial)).size).toBe(1);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationProofSubmitted', 'DonationVerified']);
    const { rows } = await app.services.db.query<{ type: string }>(`SELECT type FROM events WHERE data->>'reference' = $1 AND stream_id NOT LIKE 'donation-' || $1`, [
      reference.replace('-', ''),
    ]);
    expect(rows.map((row) => row.type).sort()).toEqual(['ReceiptSerialAllocated', 'UtrClaimed']);
  });

  it('reject: ten at once are one rejection', async () => {
    const { reference } = await withProof();
    const { refusals } = await raceCalls(CALLS, () => finance.donations.admin.reject({ reference, reason: 'No such credit on the statement' }));
    expect(refusals).toEqual([]);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationProofSubmitted', 'DonationRejected']);
  });

  it('cancel: ten at once are one cancellation; verify and cancel racing never cancel an unverified donation', async () => {
    const { reference } = await withProof();
    await finance.donations.admin.verify({ reference, receivedOn: '2032-01-10', mode: 'upi' });
    const { refusals } = await raceCalls(CALLS, () => finance.donations.admin.cancel({ reference, reason: 'Chargeback' }));
    expect(refusals).toEqual([]);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationProofSubmitted', 'DonationVerified', 'DonationCancelled']);

    const other = await withProof();
    const mixed = await raceCalls(CALLS, (index) =>
      index % 2 === 0 ? finance.donations.admin.verify({ reference: other.reference, receivedOn: '2032-01-10', mode: 'upi' }) : finance.donations.admin.cancel({ reference: other.reference, reason: 'Chargeback' }),
    );
    expectOnlyRefusals(mixed.refusals, [
      ['CONFLICT', CANCEL_NOT_VERIFIED],
      ['CONFLICT', VERIFY_CANCELLED],
    ]);
    const types = await typesOn(other.reference);
    expect(types.filter((type) => type === 'DonationVerified')).toHaveLength(1);
    expect(types.filter((type) => type === 'DonationCancelled').length).toBeLessThanOrEqual(1);
    expect(types.indexOf('DonationVerified')).toBeLessThan(types.includes('DonationCancelled') ? types.indexOf('DonationCancelled') : Infinity);
  });

  it('recordOffline: one demand draft entered ten times at once is one gift; the others are told which donation holds it', async () => {
    const donor = uniqueDonor();
    const gift = { amountPaise: 3_000_00, cause: 'general' as const, donorName: 'Walk In Donor', phone: donor.phone, mode: 'dd' as const, instrumentNumber: '778899', receivedOn: '2030-11-02' };
    const { succeeded, refusals } = await raceCalls(CALLS, () => finance.donations.admin.recordOffline(gift));
    expect(succeeded).toHaveLength(1);
    const [recorded] = succeeded;
    expect(recorded!.receiptSerial).toBe('SAHAY/2030-31/000001');
    expect(refusals).toHaveLength(CALLS - 1);
    expectOnlyRefusals(refusals, [['CONFLICT', instrumentAlreadyUsed(recorded!.reference.replace('-', ''))]]);
    expect(await typesOn(recorded!.reference)).toEqual(['DonationPledged', 'DonationVerified']);
  });

  it('recordOffline: ten cash gifts at once (no number to tell them apart) are ten donations with consecutive serials', async () => {
    const donor = uniqueDonor();
    const gift = { amountPaise: 1_500_00, cause: 'general' as const, donorName: 'Walk In Donor', phone: donor.phone, mode: 'cash' as const, receivedOn: '2030-11-02' };
    const { succeeded, refusals } = await raceCalls(CALLS, () => finance.donations.admin.recordOffline(gift));
    expect(refusals).toEqual([]);
    expect(succeeded.map((result) => result.receiptSerial).sort()).toEqual(Array.from({ length: CALLS }, (_, index) => `SAHAY/2030-31/${String(index + 2).padStart(6, '0')}`));
    for (const result of succeeded) expect(await typesOn(result.reference)).toEqual(['DonationPledged', 'DonationVerified']);
  });

  it('the abandoning schedule run ten times at once marks each pledge once', async () => {
    const { reference } = await (await app.caller()).donations.create(pledgeInput());
    clock = new Date(clock.getTime() + 8 * 24 * 3600 * 1000);
    const slot = new Date(Math.floor(clock.getTime() / 3_600_000) * 3_600_000);
    const { refusals } = await raceCalls(CALLS, () => markAbandonedDonations(app.services, slot));
    expect(refusals).toEqual([]);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationAbandoned']);
  });

  it('the screenshot job delivered ten times at once records one result and stores one image', async () => {
    const input = pledgeInput();
    const { reference } = await (await app.caller()).donations.create(input);
    const png = await sharp({ create: { width: 400, height: 800, channels: 3, background: '#204060' } }).png().toBuffer();
    await submitProof(app.services, { reference: reference.replace('-', ''), contact: input.email!, utr: uniqueUtr() }, { bytes: png, mediaType: 'image/png' }, { actor: 'anonymous', correlationId: 'race-screenshot' });
    const events = await app.services.eventStore.readStream(`donation-${reference.replace('-', '')}`);
    const uploadId = (events.at(-1)!.data as { screenshotUploadId: string }).screenshotUploadId;
    const meta = { actor: 'system', correlationId: 'race-screenshot' };
    const { refusals } = await raceCalls(CALLS, () => processDonationScreenshot(app.services, { reference: reference.replace('-', ''), uploadId }, meta));
    expect(refusals).toEqual([]);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationProofSubmitted', 'DonationScreenshotProcessed']);
    const { rows } = await app.services.db.query<{ kind: string }>(`SELECT kind FROM files WHERE subject_id = $1`, [`donation-${reference.replace('-', '')}`]);
    expect(rows.map((row) => row.kind)).toEqual(['donation-proof']);
  });

  it('erasing a donation ten times at once erases it once', async () => {
    const { reference } = await withProof();
    const { succeeded, refusals } = await raceCalls(CALLS, () => eraseDonation(app.services, { reference: reference.replace('-', ''), reason: 'The donor asked' }, { actor: 'system', correlationId: 'race-erase' }));
    expect(refusals).toEqual([]);
    expect(succeeded.filter((result) => result.isErasedNow)).toHaveLength(1);
    expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationProofSubmitted', 'PersonalDataErased']);
  });

  describe('foreign contributions (FCRA 2010, decision 058)', () => {
    const foreign = () => pledgeInput({ donorName: 'Emily Carter', citizenship: 'foreign', country: 'US', cause: 'general' });

    it('ten foreign pledges at once without a registration are ten refusals, and nothing is written', async () => {
      const input = foreign();
      const before = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events`);
      const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).donations.create(input));
      expect(succeeded).toEqual([]);
      expect(refusals).toHaveLength(CALLS);
      for (const [code, message] of refusals) expect([code, message.startsWith('The foundation is not registered under the Foreign Contribution (Regulation) Act, 2010')]).toEqual(['BAD_REQUEST', true]);
      expect((await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events`)).rows).toEqual(before.rows);
    });

    it('with a registration: ten clicks verify a foreign gift once, and ten foreign gifts at the office at once take ten consecutive serials of the -FC series', async () => {
      clock = new Date('2032-01-10T06:00:00.000Z');
      const superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
      const { version } = await superAdmin.site.settings.get();
      await superAdmin.site.settings.update({ expectedVersion: version, data: { fcraRegistrationNumber: '231650123', fcraBankAccountName: 'Sahay Foundation FCRA Account', fcraBankAccountNumber: '40001234567', fcraBankIfsc: 'SBIN0000691' } });

      const input = foreign();
      const { reference } = await (await app.caller()).donations.create(input);
      await (await app.caller()).donations.submitProof({ reference, contact: input.email!, utr: uniqueUtr() });
      const verified = await raceCalls(CALLS, () => finance.donations.admin.verify({ reference, receivedOn: '2032-01-10', mode: 'bank-transfer' }));
      expect(verified.refusals).toEqual([]);
      expect(new Set(verified.succeeded.map((result) => result.receiptSerial))).toEqual(new Set(['SAHAY-FC/2031-32/000001']));
      expect(await typesOn(reference)).toEqual(['DonationPledged', 'DonationProofSubmitted', 'DonationVerified']);

      const donor = uniqueDonor();
      const gift = { amountPaise: 25_000_00, cause: 'education' as const, donorName: 'Hiroshi Tanaka', phone: donor.phone, mode: 'cash' as const, receivedOn: '2032-01-09', citizenship: 'foreign' as const, country: 'JP' };
      const office = await raceCalls(CALLS, () => finance.donations.admin.recordOffline(gift));
      expect(office.refusals).toEqual([]);
      expect(office.succeeded.map((result) => result.receiptSerial).sort()).toEqual(Array.from({ length: CALLS }, (_, index) => `SAHAY-FC/2031-32/${String(index + 2).padStart(6, '0')}`));
      const { rows } = await app.services.db.query<{ version: number }>(`SELECT max(stream_version)::int AS version FROM events WHERE stream_id = 'receipt-serials-SAHAY-FC-2031-32'`);
      expect(rows[0]!.version).toBe(CALLS + 1);
    });
  });
});
