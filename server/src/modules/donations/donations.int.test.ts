import { UNKNOWN_FIELD } from '#server/errors/field-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { getTeamSummary } from '#server/modules/community/community.api';
import { INVALID_REFERRAL } from '#server/modules/identity/identity.api';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { AMOUNT_MINIMUM, CONTACT_REQUIRED, FORMULA_START, PAN_INVALID, UTR_INVALID } from './donation-fields.schema.ts';
import { DONATION_NOT_FOUND, NO_MATCHING_DONATION, SELF_REFERRAL, PROOF_ALREADY_VERIFIED, RECEIVED_BEFORE_PLEDGE, RECEIVED_IN_FUTURE, RECEIVED_TOO_LONG_AGO, UTR_CHANGED, utrAlreadyUsed, VERIFY_WITHOUT_PROOF } from './donation.decider.ts';
import { expectNothingWritten, pledgeInput, uniqueDonor, uniqueUtr, verifiedDonation, writes } from './donations.test-helper.ts';
import { ONLINE_LIMIT_WITHOUT_BANK } from './giving/payment-details.ts';
import { signReceipt } from './receipts/receipt-signature.ts';

describe.each(testDbKinds())('donations procedures on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-05-01T09:00:00.000Z');
  let finance: AppCaller;
  let membersAdmin: AppCaller;
  let member: Awaited<ReturnType<TestApp['account']>>;
  let memberCaller: AppCaller;
  let referrer: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock, limits: { donationLookupPerIp: { limit: 5, windowSeconds: 900 } } });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members', 'content', 'settings', 'verification'] })).token });
    member = await app.account({ fullName: 'Asha Member' });
    memberCaller = await app.caller({ token: member.token });
    referrer = await app.account({ fullName: 'Ravi Referrer' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('takes a pledge, its proof and its verification, and the donor follows it by reference and contact', async () => {
    const donor = uniqueDonor();
    const visitor = await app.caller();
    const pay = await visitor.donations.create(pledgeInput({ email: donor.email, phone: donor.phone, pan: 'abcde1234f', address: '12 Station Road' }));
    expect(pay).toMatchObject({ reference: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/), amountPaise: 125_000, upiLink: null, payeeName: 'Sahay Foundation' });

    const byEmail = await visitor.donations.getStatus({ reference: pay.reference.toLowerCase(), contact: donor.email.toUpperCase() });
    expect(byEmail).toEqual({
      reference: pay.reference,
      status: 'awaiting_payment',
      amountPaise: 125_000,
      cause: 'kanyadan',
      pledgedAt: clock.toISOString(),
      hasProof: false,
      pay: { ...pay },
    });
    expect(await visitor.donations.getStatus({ reference: pay.reference.replace('-', ''), contact: `+91 ${donor.phone}` })).toEqual(byEmail);

    const utr = uniqueUtr();
    expect(await visitor.donations.submitProof({ reference: pay.reference, contact: donor.phone, utr })).toEqual({ reference: pay.reference, status: 'proof_received' });
    expect(await visitor.donations.getStatus({ reference: pay.reference, contact: donor.email })).toMatchObject({ status: 'proof_received', hasProof: true });
    expect((await visitor.donations.getStatus({ reference: pay.reference, contact: donor.email })).pay).toBeUndefined();

    const { receiptSerial } = await finance.donations.admin.verify({ reference: pay.reference, receivedOn: '2031-05-01', mode: 'upi' });
    expect(receiptSerial).toMatch(/^SAHAY\/2031-32\/\d{6}$/);
    expect(await visitor.donations.getStatus({ reference: pay.reference, contact: donor.email })).toMatchObject({ status: 'verified', receiptSerial, isReceiptReady: false });
    await app.runJobs();
    expect(await visitor.donations.getStatus({ reference: pay.reference, contact: donor.email })).toMatchObject({ status: 'verified', receiptSerial, isReceiptReady: true });

    const detail = await finance.donations.admin.get({ reference: pay.reference });
    expect(detail).toMatchObject({
      reference: pay.reference,
      status: 'verified',
      donorName: 'Sunita Devi',
      email: donor.email,
      phone: donor.phone,
      pan: 'ABCDE1234F',
      hasPan: true,
      address: '12 Station Road',
      utr,
      utrKind: 'upi-imps',
      receivedOn: '2031-05-01',
      mode: 'upi',
      receiptSerial,
      receiptUrl: expect.stringMatching(/^\/api\/admin\/donations\/[A-Z2-9]{8}\/receipt\.pdf$/),
    });
    expect(detail.history.map((entry) => entry.type)).toEqual(['DonationPledged', 'DonationProofSubmitted', 'DonationVerified', 'ReceiptRendered']);
  });

  it('answers every wrong reference and contact pair with the same 404, and writes nothing', async () => {
    const donor = uniqueDonor();
    const other = uniqueDonor();
    const pay = await (await app.caller()).donations.create(pledgeInput({ email: donor.email }));
    const before = await writes(app);
    const visitor = await app.caller();
    for (const query of [
      { reference: pay.reference, contact: other.email },
      { reference: pay.reference, contact: donor.phone },
      { reference: 'ZZZZ-9999', contact: donor.email },
    ]) {
      const refused = await rejection(visitor.donations.getStatus(query));
      expect([refused.code, refused.message]).toEqual(['NOT_FOUND', NO_MATCHING_DONATION]);
      const proof = await rejection(visitor.donations.submitProof({ ...query, utr: uniqueUtr() }));
      expect([proof.code, proof.message]).toEqual(['NOT_FOUND', NO_MATCHING_DONATION]);
    }
    await expectNothingWritten(app, before);
  });

  it('limits look-ups by reference and contact per address (status and proof alike)', async () => {
    const donor = uniqueDonor();
    const pay = await (await app.caller()).donations.create(pledgeInput({ email: donor.email }));
    const fromOneAddress = await app.caller({ ip: '203.0.113.77' });
    for (let attempt = 0; attempt < 4; attempt++) {
      await rejection(fromOneAddress.donations.getStatus({ reference: pay.reference, contact: uniqueDonor().email }));
    }
    await fromOneAddress.donations.getStatus({ reference: pay.reference, contact: donor.email });
    const before = await writes(app);
    const limited = await rejection(fromOneAddress.donations.getStatus({ reference: pay.reference, contact: donor.email }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect((await rejection(fromOneAddress.donations.submitProof({ reference: pay.reference, contact: donor.email, utr: uniqueUtr() }))).code).toBe('TOO_MANY_REQUESTS');
    await expectNothingWritten(app, before);
    // Another address is not affected.
    expect(await (await app.caller({ ip: '203.0.113.78' })).donations.getStatus({ reference: pay.reference, contact: donor.email })).toMatchObject({ status: 'awaiting_payment' });
  });

  it('refuses bad input with a message beside the field, writing nothing', async () => {
    const visitor = await app.caller();
    const before = await writes(app);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ amountPaise: 0 }, { amountPaise: [AMOUNT_MINIMUM] }],
      [{ pan: '12345' }, { pan: [PAN_INVALID] }],
      [{ donorName: '=cmd|calc', address: '@SUM(1)' }, { donorName: [FORMULA_START], address: [FORMULA_START] }],
      [{ email: '', phone: '' }, { email: [CONTACT_REQUIRED] }],
      [{ role: 'admin' }, { role: [UNKNOWN_FIELD] }],
    ];
    for (const [overrides, expected] of cases) {
      const refused = await rejection(visitor.donations.create({ ...pledgeInput(), ...overrides }));
      expect(refused.code).toBe('BAD_REQUEST');
      expect(fieldErrorsOf(refused)).toEqual(expected);
    }
    const pay = await visitor.donations.create(pledgeInput({ email: 'bad-utr@example.org' }));
    const afterPledge = await writes(app);
    const badUtr = await rejection(visitor.donations.submitProof({ reference: pay.reference, contact: 'bad-utr@example.org', utr: '1234' }));
    expect(fieldErrorsOf(badUtr)).toEqual({ utr: [UTR_INVALID] });
    await expectNothingWritten(app, afterPledge);
    expect(afterPledge.events).toBe(before.events + 1);
  });

  it('refuses a gift above ₹10,00,000 online with how to give it instead, writing nothing', async () => {
    const before = await writes(app);
    const refused = await rejection((await app.caller()).donations.create(pledgeInput({ amountPaise: 10_00_000_01 })));
    const message = ONLINE_LIMIT_WITHOUT_BANK.replace('{contact}', 'contact@sahay.example');
    expect([refused.code, refused.message]).toEqual(['BAD_REQUEST', message]);
    expect(fieldErrorsOf(refused)).toEqual({ amountPaise: [message] });
    await expectNothingWritten(app, before);
  });

  it('records a signed-in member as the giver and credits the referrer; refuses an unknown or own referral ID', async () => {
    const pay = await memberCaller.donations.create(pledgeInput({ referralId: referrer.userId.toLowerCase() }));
    const detail = await finance.donations.admin.get({ reference: pay.reference });
    expect(detail).toMatchObject({ memberId: member.userId, referrerId: referrer.userId });
    const before = await writes(app);
    const unknown = await rejection((await app.caller()).donations.create(pledgeInput({ referralId: 'SH9999999' })));
    expect([unknown.code, fieldErrorsOf(unknown)]).toEqual(['BAD_REQUEST', { referralId: [INVALID_REFERRAL] }]);
    const own = await rejection(memberCaller.donations.create(pledgeInput({ referralId: member.userId })));
    expect([own.code, fieldErrorsOf(own)]).toEqual(['BAD_REQUEST', { referralId: [SELF_REFERRAL] }]);
    await expectNothingWritten(app, before);
  });

  it('lists a member’s own donations with their receipts, and nobody else’s', async () => {
    const mine = await verifiedDonation(app, finance, { caller: memberCaller, receivedOn: '2031-05-01' });
    await verifiedDonation(app, finance, { receivedOn: '2031-05-01' });
    await app.runJobs();
    const { donations, verifiedTotalPaise } = await memberCaller.donations.getMine();
    expect(donations.map((donation) => donation.reference)).toContain(mine.reference);
    expect(donations.every((donation) => donation.reference !== undefined)).toBe(true);
    expect(donations.find((donation) => donation.reference === mine.reference)).toMatchObject({
      status: 'verified',
      receiptSerial: mine.receiptSerial,
      receiptUrl: `/api/donations/${mine.reference.replace('-', '')}/receipt.pdf`,
    });
    expect(verifiedTotalPaise).toBe(donations.filter((donation) => donation.status === 'verified').reduce((sum, donation) => sum + donation.amountPaise, 0));
    const stranger = await app.account();
    expect((await (await app.caller({ token: stranger.token })).donations.getMine()).donations).toEqual([]);
  });

  it('checks a receipt by its signed serial: genuine, then cancelled; a forged or unknown one is not genuine', async () => {
    const { reference, receiptSerial } = await verifiedDonation(app, finance, { receivedOn: '2031-05-01' });
    const visitor = await app.caller();
    const signature = signReceipt(app.services.vault, receiptSerial);
    expect(await visitor.donations.verifyReceipt({ serial: receiptSerial, signature })).toEqual({
      isGenuine: true,
      serial: receiptSerial,
      amountPaise: 125_000,
      issuedOn: '2031-05-01',
      isCancelled: false,
    });
    await finance.donations.admin.cancel({ reference, reason: 'Duplicate of another gift' });
    expect(await visitor.donations.verifyReceipt({ serial: receiptSerial, signature })).toMatchObject({ isGenuine: true, isCancelled: true });
    expect(await visitor.donations.verifyReceipt({ serial: receiptSerial, signature: '1.AAAAAAAAAAAAAAAAAAAAAA' })).toEqual({ isGenuine: false });
    const unused = 'SAHAY/2031-32/999999';
    expect(await visitor.donations.verifyReceipt({ serial: unused, signature: signReceipt(app.services.vault, unused) })).toEqual({ isGenuine: false });
  });

  it('records an offline gift verified on entry; cash above ₹2,000 is kept, with its note on the receipt', async () => {
    const donor = uniqueDonor();
    const result = await finance.donations.admin.recordOffline({
      amountPaise: 5_000_00,
      cause: 'medical',
      donorName: 'Mohan Lal',
      phone: donor.phone,
      mode: 'cash',
      receivedOn: '2031-05-01',
      showName: true,
    });
    expect(result.receiptSerial).toMatch(/^SAHAY\/2031-32\/\d{6}$/);
    expect(await finance.donations.admin.get({ reference: result.reference })).toMatchObject({ status: 'verified', channel: 'offline', mode: 'cash', showName: true });
    const events = await app.services.eventStore.readStream(`donation-${result.reference.replace('-', '')}`);
    expect(events.map((event) => event.type)).toEqual(['DonationPledged', 'DonationVerified']);
    expect(events[1]!.data).toMatchObject({ receipt: { serial: result.receiptSerial, isCashAboveLimit: true } });
    const visitor = await app.caller();
    expect(await visitor.donations.getStatus({ reference: result.reference, contact: donor.phone })).toMatchObject({ status: 'verified' });
    const refused = await rejection(visitor.donations.submitProof({ reference: result.reference, contact: donor.phone, utr: uniqueUtr() }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', PROOF_ALREADY_VERIFIED]);
  });

  it('refuses to verify without proof, and a UTR another donation verified with, naming it', async () => {
    const first = await verifiedDonation(app, finance, { receivedOn: '2031-05-01' });
    const visitor = await app.caller();
    const input = pledgeInput();
    const second = await visitor.donations.create(input);
    const before = await writes(app);
    const noProof = await rejection(finance.donations.admin.verify({ reference: second.reference, receivedOn: '2031-05-01', mode: 'upi' }));
    expect([noProof.code, noProof.message]).toEqual(['CONFLICT', VERIFY_WITHOUT_PROOF]);
    await expectNothingWritten(app, before);
    await visitor.donations.submitProof({ reference: second.reference, contact: input.email!, utr: first.utr });
    const afterProof = await writes(app);
    const taken = await rejection(finance.donations.admin.verify({ reference: second.reference, receivedOn: '2031-05-01', mode: 'upi' }));
    expect([taken.code, taken.message]).toEqual(['CONFLICT', utrAlreadyUsed(first.reference.replace('-', ''))]);
    expect(taken.message).toBe(`This UTR already verified donation ${first.reference}.`);
    await expectNothingWritten(app, afterProof);
    // Once the first is cancelled (a duplicate), the UTR may verify the second.
    await finance.donations.admin.cancel({ reference: first.reference, reason: 'Duplicate: the gift is the other pledge' });
    expect(await finance.donations.admin.verify({ reference: second.reference, receivedOn: '2031-05-01', mode: 'upi' })).toMatchObject({ status: 'verified' });
  });

  it('verifies only the UTR the admin checked: a proof changed since is refused, writing nothing', async () => {
    const visitor = await app.caller();
    const input = pledgeInput();
    const pay = await visitor.donations.create(input);
    const checked = uniqueUtr();
    await visitor.donations.submitProof({ reference: pay.reference, contact: input.email!, utr: checked });
    const changed = uniqueUtr();
    await visitor.donations.submitProof({ reference: pay.reference, contact: input.email!, utr: changed });
    const before = await writes(app);
    const refused = await rejection(finance.donations.admin.verify({ reference: pay.reference, receivedOn: '2031-05-01', mode: 'upi', utr: checked }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', UTR_CHANGED]);
    await expectNothingWritten(app, before);
    expect(await finance.donations.admin.verify({ reference: pay.reference, receivedOn: '2031-05-01', mode: 'upi', utr: changed })).toMatchObject({ status: 'verified' });
    const verified = (await app.services.eventStore.readStream(`donation-${pay.reference.replace('-', '')}`)).find((event) => event.type === 'DonationVerified');
    expect(verified?.data).toMatchObject({ utr: changed });
  });

  it('refuses a date the money arrived before the pledge, in the future, or before last financial year, writing nothing', async () => {
    const visitor = await app.caller();
    const input = pledgeInput();
    const pay = await visitor.donations.create(input);
    await visitor.donations.submitProof({ reference: pay.reference, contact: input.email!, utr: uniqueUtr() });
    const before = await writes(app);
    const refusedOn = async (receivedOn: string) => fieldErrorsOf(await rejection(finance.donations.admin.verify({ reference: pay.reference, receivedOn, mode: 'upi' })));
    expect(await refusedOn('2031-04-30')).toEqual({ receivedOn: [RECEIVED_BEFORE_PLEDGE] });
    expect(await refusedOn('2031-05-02')).toEqual({ receivedOn: [RECEIVED_IN_FUTURE] });
    // A mistyped year (2021 for 2031) would open a series for 2021-22 that can never be closed.
    const typo = await rejection(finance.donations.admin.recordOffline({ amountPaise: 500_00, cause: 'general', donorName: 'Old Gift', phone: uniqueDonor().phone, mode: 'cash', receivedOn: '2021-05-01', showName: false }));
    expect(fieldErrorsOf(typo)).toEqual({ receivedOn: [RECEIVED_TOO_LONG_AGO] });
    await expectNothingWritten(app, before);
    // The previous financial year (from 1 April 2030) is still open for gifts counted late.
    expect(await finance.donations.admin.recordOffline({ amountPaise: 500_00, cause: 'general', donorName: 'Late Count', phone: uniqueDonor().phone, mode: 'cash', receivedOn: '2030-04-01', showName: false })).toMatchObject({
      receiptSerial: expect.stringMatching(/^SAHAY\/2030-31\//),
    });
  });

  it('filters the finance queue by state, cause, dates, amount and PAN', async () => {
    clock = new Date('2031-06-10T09:00:00.000Z');
    const visitor = await app.caller();
    const environment = await visitor.donations.create(pledgeInput({ cause: 'environment', amountPaise: 7_777_00, pan: 'ABCDE1234F' }));
    const education = await visitor.donations.create(pledgeInput({ cause: 'education', amountPaise: 100 }));
    clock = new Date('2031-06-11T09:00:00.000Z');
    const references = (result: { donations: { reference: string }[] }) => result.donations.map((donation) => donation.reference);
    expect(references(await finance.donations.admin.getMany({ cause: 'environment', from: '2031-06-10', to: '2031-06-10' }))).toEqual([environment.reference]);
    expect(references(await finance.donations.admin.getMany({ from: '2031-06-10', to: '2031-06-10', hasPan: false }))).toEqual([education.reference]);
    expect(references(await finance.donations.admin.getMany({ from: '2031-06-10', minAmountPaise: 7_000_00, maxAmountPaise: 8_000_00 }))).toEqual([environment.reference]);
    expect(references(await finance.donations.admin.getMany({ status: 'awaiting_payment', from: '2031-06-10' })).sort()).toEqual([environment.reference, education.reference].sort());
    expect(await finance.donations.admin.getMany({ from: '2031-06-11' })).toEqual({ donations: [], total: 0, page: 1, pageSize: 50 });
    const unknown = await rejection(finance.donations.admin.get({ reference: 'ZZZZ-9999' }));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', DONATION_NOT_FOUND]);
    clock = new Date('2031-05-01T09:00:00.000Z');
  });

  it('feeds the home counters and the impact cards with verified gifts only, takes a cancelled one back, and replay equals live', async () => {
    const visitor = await app.caller();
    await app.runJobs();
    const countersBefore = await visitor.transparency.counters.get();
    const referrerBefore = await getTeamSummary(app.services.db, referrer.userId);
    const memberBefore = await getTeamSummary(app.services.db, member.userId);
    const donor = uniqueDonor();

    // Two gifts from one donor through the referrer's link, and a pledge that is never verified.
    const first = await verifiedDonation(app, finance, { caller: memberCaller, input: { email: donor.email, amountPaise: 1_250_00, referralId: referrer.userId }, receivedOn: '2031-05-01' });
    await verifiedDonation(app, finance, { input: { email: donor.email, amountPaise: 500_00, referralId: referrer.userId }, receivedOn: '2031-05-01' });
    await visitor.donations.create(pledgeInput({ amountPaise: 99_999_00, referralId: referrer.userId }));
    await app.runJobs();
    const counters = await visitor.transparency.counters.get();
    expect([counters.happyDonors - countersBefore.happyDonors, counters.fundsRaisedPaise - countersBefore.fundsRaisedPaise]).toEqual([1, 1_750_00]);
    expect((await getTeamSummary(app.services.db, referrer.userId)).fundsRaisedPaise - referrerBefore.fundsRaisedPaise).toBe(1_750_00);
    expect((await getTeamSummary(app.services.db, member.userId)).verifiedGivingPaise - memberBefore.verifiedGivingPaise).toBe(1_250_00);

    // The member's gift bounces: it leaves the figures; the donor still counts once for the other gift.
    await finance.donations.admin.cancel({ reference: first.reference, reason: 'Chargeback from the bank' });
    await app.runJobs();
    const afterCancel = await visitor.transparency.counters.get();
    expect([afterCancel.happyDonors - countersBefore.happyDonors, afterCancel.fundsRaisedPaise - countersBefore.fundsRaisedPaise]).toEqual([1, 500_00]);
    expect((await getTeamSummary(app.services.db, referrer.userId)).fundsRaisedPaise - referrerBefore.fundsRaisedPaise).toBe(500_00);
    expect((await getTeamSummary(app.services.db, member.userId)).verifiedGivingPaise).toBe(memberBefore.verifiedGivingPaise);

    // Every projection the donations feed, rebuilt from the events, equals the live tables.
    for (const name of ['donations', 'site_counters', 'member_impact']) {
      const [result] = await replayAndCompare(app.services, name);
      expect(result!.differences, name).toEqual([]);
    }
  });

  describe('authorisation of every procedure', () => {
    it('admin procedures: visitors are asked to log in, members and admins without finance are refused, and nothing is written', async () => {
      const donor = uniqueDonor();
      const pay = await (await app.caller()).donations.create(pledgeInput({ email: donor.email }));
      const utr = uniqueUtr();
      await (await app.caller()).donations.submitProof({ reference: pay.reference, contact: donor.email, utr });
      const offline = { amountPaise: 500_00, cause: 'general' as const, donorName: 'Walk In', phone: donor.phone, mode: 'cash' as const, receivedOn: '2031-05-01' };
      const calls = (caller: AppCaller) => [
        caller.donations.admin.getMany({}),
        caller.donations.admin.get({ reference: pay.reference }),
        caller.donations.admin.verify({ reference: pay.reference, receivedOn: '2031-05-01', mode: 'upi' }),
        caller.donations.admin.reject({ reference: pay.reference, reason: 'Not received' }),
        caller.donations.admin.cancel({ reference: pay.reference, reason: 'Not received' }),
        caller.donations.admin.recordOffline(offline),
      ];
      const before = await writes(app);
      const donorCaller = await app.caller();
      for (const [caller, code] of [
        [await app.caller(), 'UNAUTHORIZED'],
        [donorCaller, 'UNAUTHORIZED'],
        [memberCaller, 'FORBIDDEN'],
        [membersAdmin, 'FORBIDDEN'],
      ] as const) {
        for (const call of calls(caller)) expect((await rejection(call)).code).toBe(code);
      }
      await expectNothingWritten(app, before);
      // The same calls succeed for finance (verify before reject: the rejection then finds it verified).
      expect(await finance.donations.admin.get({ reference: pay.reference })).toMatchObject({ utr });
      expect(await finance.donations.admin.verify({ reference: pay.reference, receivedOn: '2031-05-01', mode: 'upi' })).toMatchObject({ status: 'verified' });
    });

    it('getMine needs a session; create, getStatus, submitProof and verifyReceipt are public, guarded by the reference and contact', async () => {
      expect((await rejection((await app.caller()).donations.getMine())).code).toBe('UNAUTHORIZED');
      const donor = uniqueDonor();
      const pay = await membersAdmin.donations.create(pledgeInput({ email: donor.email }));
      const before = await writes(app);
      // Signed in is no key to someone else's donation: the contact is.
      for (const caller of [memberCaller, membersAdmin, finance]) {
        expect((await rejection(caller.donations.getStatus({ reference: pay.reference, contact: uniqueDonor().email }))).code).toBe('NOT_FOUND');
        expect((await rejection(caller.donations.submitProof({ reference: pay.reference, contact: uniqueDonor().email, utr: uniqueUtr() }))).code).toBe('NOT_FOUND');
      }
      await expectNothingWritten(app, before);
      expect(await memberCaller.donations.getStatus({ reference: pay.reference, contact: donor.email })).toMatchObject({ status: 'awaiting_payment' });
    });
  });
});
