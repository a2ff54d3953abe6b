import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { DomainEvent } from '#server/event-store/types';
import { deciderSpec, deepFreeze, refusalOf } from '#server/testing/deciders/decider-spec';
import { ADMIN_CHARGE_BROKEN, adminChargeOf, amountAboveBalance, availableBalance, balanceDeficit, CONTACT_NUMBER_REQUIRED, CONTACT_NUMBER_TOO_LONG, decideApproveDisbursement, decideEarmarkDonation, decideMarkPaid, decideRejectDisbursement, decideRequestDisbursement, decideUnearmarkDonation, DISBURSEMENT_ALREADY_APPROVED, DISBURSEMENT_ALREADY_PAID, DISBURSEMENT_ALREADY_REJECTED, DISBURSEMENT_ID_TAKEN, DISBURSEMENT_NOT_APPROVED, DISBURSEMENT_NOT_COVERED, DISBURSEMENT_NOT_FOUND, emptyLedger, evolveLedger, foldLedger, INVALID_WITHDRAWAL_AMOUNT, isLedgerEvent, NOT_THE_REQUESTER, PAID_ON_BEFORE_APPROVAL, PAID_ON_FUTURE, previewDisbursement, REJECTION_REASON_REQUIRED, UTR_USED, type Ledger, type LedgerEvent, type RequestDisbursementCommand, decideApplyDonation, decideApproveWithdrawal, decideMarkWithdrawalPaid, decideRejectWithdrawal, decideRequestWithdrawal, evolveHeldMoney, evolveWholeRequest, HELP_OWN_REQUEST, HELP_REQUEST_NOT_FOUND, noHeldMoney, noWholeRequest, refuseWithdrawalRequest, type MarkWithdrawalPaidState, type RequestWithdrawalState, type WholeRequest } from '../help-request.decider.ts';
import type { DisbursementApproved, DisbursementPaid, DisbursementRejected, DisbursementRequested, HelpDisbursementIdClaimed, HelpDisbursementUtrClaimed, HelpDonationEarmarked, HelpDonationUnearmarked } from '../help.events.ts';

// ---- one help request's money: two donations, then withdrawals ----

const requestId = 'HLP23456';
const beneficiary = 'user-beneficiary';
const stranger = 'user-stranger';
const finance = 'admin-finance-1';
const otherFinance = 'admin-finance-2';
const first = '0190c3a4-0000-7000-8000-0000000000d1';
const second = '0190c3a4-0000-7000-8000-0000000000d2';
/** 11:30 on 1 September 2026 in India. */
const now = new Date('2026-09-01T06:00:00.000Z');
const at = now.toISOString();
/** 20:00 UTC on 31 August is 01:30 on 1 September in India. */
const approvedAt = '2026-08-31T20:00:00.000Z';
const contactNumber = '+91 98765 43210';
const sealedContact: Sealed = { $sealed: 1, subject: `help-${requestId}`, iv: 'iv', tag: 'tag', ct: 'contact-number' };

const earmarked = (reference: string, amountPaise: number): HelpDonationEarmarked => ({ type: 'HelpDonationEarmarked', data: { requestId, reference, amountPaise } });
const unearmarked = (reference: string, amountPaise: number): HelpDonationUnearmarked => ({ type: 'HelpDonationUnearmarked', data: { requestId, reference, amountPaise } });
const requested = (disbursementId: string, amountPaise: number, adminChargePaise = 0): DisbursementRequested => ({
  type: 'DisbursementRequested',
  data: { requestId, disbursementId, amountPaise, adminChargePaise, netPaise: amountPaise - adminChargePaise, contactNumber: sealedContact, requestedBy: beneficiary, requestedAt: at },
});
const approved = (disbursementId: string, approvedBy = finance, when = approvedAt): DisbursementApproved => ({
  type: 'DisbursementApproved',
  data: { requestId, disbursementId, approvedBy, approvedAt: when },
});
const rejected = (disbursementId: string, rejectedBy = finance, reason = 'Bank details do not match'): DisbursementRejected => ({
  type: 'DisbursementRejected',
  data: { requestId, disbursementId, reason, rejectedBy, rejectedAt: at },
});
const paid = (disbursementId: string, utr = 'UTR000000001', paidOn = '2026-09-01', amountPaise = 400_00, netPaise = 400_00): DisbursementPaid => ({
  type: 'DisbursementPaid',
  data: { requestId, disbursementId, utr, paidOn, paidBy: finance, paidAt: at, amountPaise, netPaise, cause: 'medical' },
});

/** Something else on the request's stream, which the ledger skips. */
const published: DomainEvent = { type: 'HelpRequestPublished', data: { requestId, publishedBy: 'admin-verification', publishedAt: at, closesOn: '2026-11-30' } };

type History = readonly LedgerEvent[];
/** ₹1,000 and ₹250.50 earmarked: ₹1,250.50 held. */
const funded: History = [earmarked('DON2345A', 100_000), earmarked('DON2345B', 25_050)];
const pending: History = [...funded, requested(first, 40_000)];
const approvedOne: History = [...pending, approved(first)];
const rejectedOne: History = [...pending, rejected(first)];
const paidOne: History = [...approvedOne, paid(first)];

// ---- commands ----

const requestCommand = (overrides: Partial<RequestDisbursementCommand> = {}): RequestDisbursementCommand => ({
  requestId,
  disbursementId: second,
  amountPaise: 50_000,
  contactNumber,
  sealedContactNumber: sealedContact,
  chargeBasisPoints: 0,
  requesterId: beneficiary,
  isRequester: true,
  now,
  ...overrides,
});
const approveCommand = (disbursementId = first, approvedBy = finance) => ({ requestId, disbursementId, approvedBy, now });
const rejectCommand = (disbursementId = first, rejectedBy = finance, reason = 'Bank details do not match') => ({ requestId, disbursementId, reason, rejectedBy, now });
const payCommand = (overrides: Partial<Parameters<typeof decideMarkPaid>[0]> = {}): Parameters<typeof decideMarkPaid>[0] => ({
  requestId,
  disbursementId: first,
  utr: 'UTR000000001',
  paidOn: '2026-09-01',
  paidBy: finance,
  isUtrUsed: false,
  cause: 'medical',
  now,
  ...overrides,
});

const ledgerOf = { evolve: evolveLedger, initialState: emptyLedger };
const requestDisbursement = deciderSpec({ ...ledgerOf, decide: decideRequestDisbursement });
const approve = deciderSpec({ ...ledgerOf, decide: decideApproveDisbursement });
const reject = deciderSpec({ ...ledgerOf, decide: decideRejectDisbursement });
const markPaid = deciderSpec({ ...ledgerOf, decide: decideMarkPaid });
const earmark = deciderSpec({ ...ledgerOf, decide: decideEarmarkDonation });
const unearmark = deciderSpec({ ...ledgerOf, decide: decideUnearmarkDonation });

describe('foldLedger', () => {
  it('starts empty, with nothing to withdraw', () => {
    expect(foldLedger([])).toEqual(emptyLedger);
    expect(emptyLedger).toMatchObject({ earmarkedPaise: 0, availablePaise: 0, deficitPaise: 0, disbursements: {} });
  });

  it('adds earmarked donations to the balance, by reference', () => {
    expect(foldLedger(funded)).toEqual({ earmarks: { DON2345A: 100_000, DON2345B: 25_050 }, earmarkedPaise: 125_050, disbursements: {}, availablePaise: 125_050, deficitPaise: 0 });
  });

  it('reserves a requested amount at once, keeps it through approval and payment, and gives it back on rejection', () => {
    expect(foldLedger(pending)).toMatchObject({ earmarkedPaise: 125_050, availablePaise: 85_050 });
    expect(foldLedger(approvedOne).availablePaise).toBe(85_050);
    expect(foldLedger(paidOne).availablePaise).toBe(85_050);
    expect(foldLedger(rejectedOne).availablePaise).toBe(125_050);
  });

  it('follows a disbursement from requested to paid, keeping who decided and when', () => {
    expect(foldLedger(pending).disbursements[first]).toEqual({
      disbursementId: first,
      amountPaise: 40_000,
      adminChargePaise: 0,
      netPaise: 40_000,
      contactNumber: sealedContact,
      status: 'requested',
      requestedBy: beneficiary,
      requestedAt: at,
      approval: null,
      rejection: null,
      payment: null,
    });
    expect(foldLedger(approvedOne).disbursements[first]).toMatchObject({ status: 'approved', approval: { approvedBy: finance, approvedAt } });
    expect(foldLedger(paidOne).disbursements[first]).toMatchObject({
      status: 'paid',
      approval: { approvedBy: finance, approvedAt },
      payment: { utr: 'UTR000000001', paidOn: '2026-09-01', paidBy: finance, paidAt: at },
    });
    expect(foldLedger(rejectedOne).disbursements[first]).toMatchObject({
      status: 'rejected',
      approval: null,
      rejection: { reason: 'Bank details do not match', rejectedBy: finance, rejectedAt: at },
    });
  });

  it('skips events that do not move money', () => {
    expect(foldLedger([published, ...pending, published])).toEqual(foldLedger(pending));
  });

  it('takes in recorded history it would not have decided without throwing, and without changing anything', () => {
    const stray: readonly LedgerEvent[] = [
      approved('never-requested'),
      rejected('never-requested'),
      paid('never-requested'),
      paid(first), // not approved yet
      earmarked('DON2345A', 999_999), // the same donation again
      unearmarked('DON-NEVER', 50_000), // never earmarked
      requested(first, 1), // the same disbursement again
    ];
    expect(foldLedger([...pending, ...stray])).toEqual(foldLedger(pending));
    expect(foldLedger([...rejectedOne, approved(first), paid(first)])).toEqual(foldLedger(rejectedOne));
    expect(foldLedger([...paidOne, rejected(first)])).toEqual(foldLedger(paidOne));
  });

  it('takes back the earmarked amount of a cancelled donation, whatever the event says', () => {
    expect(foldLedger([...funded, unearmarked('DON2345B', 1)])).toMatchObject({ earmarks: { DON2345A: 100_000 }, earmarkedPaise: 100_000, availablePaise: 100_000 });
  });

  it('reports a donation cancelled after its money was paid out as a deficit, and nothing available', () => {
    // ₹1,250.50 held, ₹1,200 paid, then the ₹1,000 donation is cancelled: ₹949.50 paid from the foundation's own funds.
    const history: History = [...funded, requested(first, 120_000), approved(first), paid(first), unearmarked('DON2345A', 100_000)];
    const ledger = foldLedger(history);
    expect(ledger).toMatchObject({ earmarkedPaise: 25_050, availablePaise: 0, deficitPaise: 94_950 });
    expect(availableBalance(ledger)).toBe(0);
    expect(balanceDeficit(ledger)).toBe(94_950);
    // A new donation pays the deficit back first.
    expect(foldLedger([...history, earmarked('DON2345C', 100_000)])).toMatchObject({ availablePaise: 5_050, deficitPaise: 0 });
  });
});

describe('adminChargeOf and previewDisbursement', () => {
  it('charges nothing at the default setting of 0%', () => {
    expect(previewDisbursement(125_050, 0)).toEqual({ amountPaise: 125_050, adminChargePaise: 0, netPaise: 125_050 });
  });

  it('takes the percentage in basis points, rounded down to the paisa', () => {
    expect(adminChargeOf(12_345, 250)).toBe(308); // 2.5% of ₹123.45 = 308.625 paise
    expect(adminChargeOf(100, 1)).toBe(0); // 0.01% of ₹1 is a hundredth of a paisa
    expect(adminChargeOf(100_000, 500)).toBe(5_000);
    expect(previewDisbursement(12_345, 250)).toEqual({ amountPaise: 12_345, adminChargePaise: 308, netPaise: 12_037 });
    expect(previewDisbursement(100_000, 10_000)).toEqual({ amountPaise: 100_000, adminChargePaise: 100_000, netPaise: 0 });
  });

  it('is exact for amounts whose product with the setting is past what a float holds', () => {
    const amount = Number.MAX_SAFE_INTEGER; // 9007199254740991
    expect(adminChargeOf(amount, 9_999)).toBe(Number((BigInt(amount) * 9_999n) / 10_000n));
  });

  it('refuses, as a programming error, amounts and settings that are not whole or out of range', () => {
    expect(() => adminChargeOf(100.5, 0)).toThrow(RangeError);
    expect(() => adminChargeOf(-1, 0)).toThrow(RangeError);
    expect(() => adminChargeOf(100, 10_001)).toThrow(RangeError);
    expect(() => adminChargeOf(100, -1)).toThrow(RangeError);
    expect(() => adminChargeOf(100, 2.5)).toThrow(RangeError);
  });

  it('always splits the amount into charge and net, the charge within the percentage and never more than the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amountPaise, basisPoints) => {
        const { adminChargePaise, netPaise } = previewDisbursement(amountPaise, basisPoints);
        expect(adminChargePaise + netPaise).toBe(amountPaise);
        expect(adminChargePaise).toBeGreaterThanOrEqual(0);
        expect(netPaise).toBeGreaterThanOrEqual(0);
        // floor: charge × 10000 ≤ amount × bp < (charge + 1) × 10000
        expect(adminChargePaise * 10_000).toBeLessThanOrEqual(amountPaise * basisPoints);
        expect((adminChargePaise + 1) * 10_000).toBeGreaterThan(amountPaise * basisPoints);
      }),
    );
  });
});

describe('amountAboveBalance', () => {
  it('names the maximum in rupees and paise with Indian grouping', () => {
    expect(amountAboveBalance(125_050)).toBe('The amount is more than the balance of ₹1,250.50.');
    expect(amountAboveBalance(123_456_789)).toBe('The amount is more than the balance of ₹12,34,567.89.');
    expect(amountAboveBalance(0)).toBe('The amount is more than the balance of ₹0.00.');
  });
});

describe('decideRequestDisbursement', () => {
  const expected = (amountPaise: number, adminChargePaise: number, overrides: Partial<DisbursementRequested['data']> = {}): DisbursementRequested => ({
    type: 'DisbursementRequested',
    data: { requestId, disbursementId: second, amountPaise, adminChargePaise, netPaise: amountPaise - adminChargePaise, contactNumber: sealedContact, requestedBy: beneficiary, requestedAt: at, ...overrides },
  });

  it('records the request with the charge of the day and the net amount', () => {
    requestDisbursement(funded).when(requestCommand()).then([expected(50_000, 0)]);
    requestDisbursement(funded).when(requestCommand({ amountPaise: 12_345, chargeBasisPoints: 250 })).then([expected(12_345, 308)]);
  });

  it('takes exactly the balance, and ₹1 at the least', () => {
    requestDisbursement(pending).when(requestCommand({ amountPaise: 85_050 })).then([expected(85_050, 0)]);
    requestDisbursement(funded).when(requestCommand({ amountPaise: 100 })).then([expected(100, 0)]);
  });

  it('takes a contact number of 15 characters, and carries the sealed one, never the plain number', () => {
    requestDisbursement(funded).when(requestCommand({ contactNumber: '919876543210123' })).then([expected(50_000, 0)]);
    const [event] = decideRequestDisbursement(requestCommand(), foldLedger(funded));
    expect(JSON.stringify(event)).not.toContain('98765');
  });

  it('refuses an amount above the balance, naming the maximum at the amount field', () => {
    requestDisbursement(pending).when(requestCommand({ amountPaise: 85_051 })).thenRefuses('BAD_REQUEST', amountAboveBalance(85_050));
    const refusal = refusalOf(() => decideRequestDisbursement(requestCommand({ amountPaise: 85_051 }), foldLedger(pending)));
    expect(refusal.userMessage).toBe('The amount is more than the balance of ₹850.50.');
    expect(refusal.fieldErrors).toEqual({ amount: [refusal.userMessage] });
  });

  it('refuses any amount when nothing is held, and while a cancelled donation has left a deficit', () => {
    requestDisbursement([]).when(requestCommand({ amountPaise: 100 })).thenRefuses('BAD_REQUEST', amountAboveBalance(0));
    const inDeficit: History = [...funded, requested(first, 120_000), approved(first), unearmarked('DON2345A', 100_000)];
    requestDisbursement(inDeficit).when(requestCommand({ amountPaise: 100 })).thenRefuses('BAD_REQUEST', amountAboveBalance(0));
  });

  it('counts a rejected request back into the balance', () => {
    requestDisbursement(rejectedOne).when(requestCommand({ amountPaise: 125_050 })).then([expected(125_050, 0)]);
  });

  it.each([
    ['₹0', 0],
    ['99 paise', 99],
    ['a negative amount', -100],
    ['a fraction of a paisa', 100.5],
    ['not a number', Number.NaN],
  ])('refuses %s as an invalid withdrawal amount at the amount field', (_, amountPaise) => {
    requestDisbursement(funded).when(requestCommand({ amountPaise })).thenRefuses('BAD_REQUEST', INVALID_WITHDRAWAL_AMOUNT);
    expect(refusalOf(() => decideRequestDisbursement(requestCommand({ amountPaise }), foldLedger(funded))).fieldErrors).toEqual({ amount: [INVALID_WITHDRAWAL_AMOUNT] });
  });

  it('refuses a missing contact number and one of 16 characters, at the contactNumber field', () => {
    requestDisbursement(funded).when(requestCommand({ contactNumber: '' })).thenRefuses('BAD_REQUEST', CONTACT_NUMBER_REQUIRED);
    requestDisbursement(funded).when(requestCommand({ contactNumber: '   ' })).thenRefuses('BAD_REQUEST', CONTACT_NUMBER_REQUIRED);
    requestDisbursement(funded).when(requestCommand({ contactNumber: '9198765432101234' })).thenRefuses('BAD_REQUEST', CONTACT_NUMBER_TOO_LONG);
    expect(refusalOf(() => decideRequestDisbursement(requestCommand({ contactNumber: '9198765432101234' }), foldLedger(funded))).fieldErrors).toEqual({
      contactNumber: [CONTACT_NUMBER_TOO_LONG],
    });
  });

  it('refuses anyone but the requester before looking at the amount, so a stranger learns nothing of the balance', () => {
    requestDisbursement(funded).when(requestCommand({ requesterId: stranger, isRequester: false })).thenRefuses('FORBIDDEN', NOT_THE_REQUESTER);
    requestDisbursement(funded).when(requestCommand({ requesterId: stranger, isRequester: false, amountPaise: 999_999_999 })).thenRefuses('FORBIDDEN', NOT_THE_REQUESTER);
  });

  it('records nothing for a retried request with the same ID, and refuses a different one with that ID', () => {
    const sent: History = [...funded, requested(second, 50_000)];
    requestDisbursement(sent).when(requestCommand()).thenNothing();
    requestDisbursement(sent).when(requestCommand({ amountPaise: 60_000 })).thenRefuses('CONFLICT', DISBURSEMENT_ID_TAKEN);
  });

  it('refuses while the admin charge setting is out of range', () => {
    requestDisbursement(funded).when(requestCommand({ chargeBasisPoints: 10_001 })).thenRefuses('CONFLICT', ADMIN_CHARGE_BROKEN);
    requestDisbursement(funded).when(requestCommand({ chargeBasisPoints: -1 })).thenRefuses('CONFLICT', ADMIN_CHARGE_BROKEN);
  });
});

describe('decideApproveDisbursement', () => {
  it('approves a pending request, naming the admin', () => {
    approve(pending)
      .when(approveCommand())
      .then([{ type: 'DisbursementApproved', data: { requestId, disbursementId: first, approvedBy: finance, approvedAt: at } }]);
  });

  it('records nothing when the same admin approves again, and tells another admin it is already approved', () => {
    approve(approvedOne).when(approveCommand()).thenNothing();
    approve(approvedOne).when(approveCommand(first, otherFinance)).thenRefuses('CONFLICT', DISBURSEMENT_ALREADY_APPROVED);
  });

  it('refuses a rejected or paid request, and one that does not exist', () => {
    approve(rejectedOne).when(approveCommand()).thenRefuses('CONFLICT', DISBURSEMENT_ALREADY_REJECTED);
    approve(paidOne).when(approveCommand()).thenRefuses('CONFLICT', DISBURSEMENT_ALREADY_PAID);
    approve(pending).when(approveCommand(second)).thenRefuses('NOT_FOUND', DISBURSEMENT_NOT_FOUND);
  });

  it('refuses when a cancelled donation has left too little to cover it with what is already approved or paid', () => {
    // ₹1,250.50 held; ₹400 approved and ₹500 pending; the ₹1,000 donation is cancelled: ₹250.50 left.
    const history: History = [...approvedOne, requested(second, 50_000), unearmarked('DON2345A', 100_000)];
    approve(history).when(approveCommand(second)).thenRefuses('CONFLICT', DISBURSEMENT_NOT_COVERED);
  });

  it('lets other pending requests wait: only approved and paid money counts against the one approved', () => {
    // ₹1,250.50 held; ₹600 and ₹200 pending; the ₹1,000 donation is cancelled: ₹250.50 left, enough for the ₹200 one only.
    const history: History = [...funded, requested(first, 60_000), requested(second, 20_000), unearmarked('DON2345A', 100_000)];
    approve(history).when(approveCommand(second)).then([{ type: 'DisbursementApproved', data: { requestId, disbursementId: second, approvedBy: finance, approvedAt: at } }]);
    approve(history).when(approveCommand(first)).thenRefuses('CONFLICT', DISBURSEMENT_NOT_COVERED);
  });
});

describe('decideRejectDisbursement', () => {
  it('rejects a pending request with the reason, naming the admin', () => {
    reject(pending)
      .when(rejectCommand(first, finance, '  Bank details do not match '))
      .then([{ type: 'DisbursementRejected', data: { requestId, disbursementId: first, reason: 'Bank details do not match', rejectedBy: finance, rejectedAt: at } }]);
  });

  it('refuses a rejection without a reason, at the reason field', () => {
    reject(pending).when(rejectCommand(first, finance, '  ')).thenRefuses('BAD_REQUEST', REJECTION_REASON_REQUIRED);
    expect(refusalOf(() => decideRejectDisbursement(rejectCommand(first, finance, ''), foldLedger(pending))).fieldErrors).toEqual({ reason: [REJECTION_REASON_REQUIRED] });
  });

  it('records nothing when the same admin rejects again, and tells another admin it is already rejected', () => {
    reject(rejectedOne).when(rejectCommand()).thenNothing();
    reject(rejectedOne).when(rejectCommand(first, otherFinance)).thenRefuses('CONFLICT', DISBURSEMENT_ALREADY_REJECTED);
  });

  it('refuses an approved or paid request, and one that does not exist', () => {
    reject(approvedOne).when(rejectCommand()).thenRefuses('CONFLICT', DISBURSEMENT_ALREADY_APPROVED);
    reject(paidOne).when(rejectCommand()).thenRefuses('CONFLICT', DISBURSEMENT_ALREADY_PAID);
    reject(funded).when(rejectCommand()).thenRefuses('NOT_FOUND', DISBURSEMENT_NOT_FOUND);
  });
});

describe('decideMarkPaid', () => {
  it('records the payment of an approved disbursement with its UTR and date, naming the admin', () => {
    markPaid(approvedOne)
      .when(payCommand())
      .then([{ type: 'DisbursementPaid', data: { requestId, disbursementId: first, utr: 'UTR000000001', paidOn: '2026-09-01', paidBy: finance, paidAt: at, amountPaise: 40_000, netPaise: 40_000, cause: 'medical' } }]);
  });

  it('records a payment even when a donation was cancelled since the approval: the money has gone', () => {
    markPaid([...approvedOne, unearmarked('DON2345A', 100_000), unearmarked('DON2345B', 25_050)])
      .when(payCommand())
      .then([paid(first)]);
  });

  it('records nothing for the same payment again, and refuses a different one', () => {
    markPaid(paidOne).when(payCommand()).thenNothing();
    markPaid(paidOne).when(payCommand({ utr: 'UTR000000002' })).thenRefuses('CONFLICT', DISBURSEMENT_ALREADY_PAID);
  });

  it('refuses a request not yet approved, a rejected one, and one that does not exist', () => {
    markPaid(pending).when(payCommand()).thenRefuses('CONFLICT', DISBURSEMENT_NOT_APPROVED);
    markPaid(rejectedOne).when(payCommand()).thenRefuses('CONFLICT', DISBURSEMENT_ALREADY_REJECTED);
    markPaid(approvedOne).when(payCommand({ disbursementId: second })).thenRefuses('NOT_FOUND', DISBURSEMENT_NOT_FOUND);
  });

  it('refuses a payment date after today or before the approval day, both in India, at the paidOn field', () => {
    markPaid(approvedOne).when(payCommand({ paidOn: '2026-09-02' })).thenRefuses('BAD_REQUEST', PAID_ON_FUTURE);
    // Approved at 01:30 on 1 September in India, though it was still 31 August in UTC.
    markPaid(approvedOne).when(payCommand({ paidOn: '2026-08-31' })).thenRefuses('BAD_REQUEST', PAID_ON_BEFORE_APPROVAL);
    expect(refusalOf(() => decideMarkPaid(payCommand({ paidOn: '2026-09-02' }), foldLedger(approvedOne))).fieldErrors).toEqual({ paidOn: [PAID_ON_FUTURE] });
  });

  it('refuses a UTR already recorded for another payment, at the utr field', () => {
    markPaid(approvedOne).when(payCommand({ isUtrUsed: true })).thenRefuses('CONFLICT', UTR_USED);
    expect(refusalOf(() => decideMarkPaid(payCommand({ isUtrUsed: true }), foldLedger(approvedOne))).fieldErrors).toEqual({ utr: [UTR_USED] });
  });
});

describe('earmarks', () => {
  it('earmarks a verified donation once; the same reference again records nothing', () => {
    earmark([]).when({ requestId, reference: 'DON2345A', amountPaise: 100_000 }).then([earmarked('DON2345A', 100_000)]);
    earmark(funded).when({ requestId, reference: 'DON2345A', amountPaise: 100_000 }).thenNothing();
  });

  it('takes back what was earmarked for a cancelled donation, even after payout; a reference never earmarked records nothing', () => {
    unearmark(paidOne).when({ requestId, reference: 'DON2345A' }).then([unearmarked('DON2345A', 100_000)]);
    unearmark(funded).when({ requestId, reference: 'DON-NEVER' }).thenNothing();
    unearmark([...funded, unearmarked('DON2345A', 100_000)]).when({ requestId, reference: 'DON2345A' }).thenNothing();
  });
});

// ---- properties: random sequences of everything that moves the money ----

type Step =
  | { kind: 'earmark'; reference: string; amountPaise: number }
  | { kind: 'unearmark'; reference: string }
  | { kind: 'request'; disbursementId: string; amountPaise: number | 'the balance' | 'a paisa more'; contactNumber: string; chargeBasisPoints: number; isRequester: boolean }
  | { kind: 'approve'; target: number; admin: string }
  | { kind: 'reject'; target: number; admin: string; reason: string }
  | { kind: 'pay'; target: number; utr: string; paidOn: string; isUtrUsed: boolean }
  | { kind: 'other' };

/** Few IDs, so requests sometimes reuse one and earmarks often meet the donation they name. */
const references = fc.constantFrom('DONA', 'DONB', 'DONC', 'DOND', 'DONE');
const disbursementIds = fc.oneof({ arbitrary: fc.constantFrom('d-1', 'd-2', 'd-3', 'd-4'), weight: 9 }, { arbitrary: fc.constant('constructor'), weight: 1 });
const admins = fc.constantFrom(finance, otherFinance);
/** Which disbursement a decision is about: mostly one on the ledger (by position), sometimes one never requested. */
const target = fc.nat();
/** Mostly what a form would send, now and then what it must refuse. */
const mostly = <T,>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>): fc.Arbitrary<T> => fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: invalid, weight: 1 });

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('earmark' as const), reference: references, amountPaise: fc.integer({ min: 1, max: 300_000 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('unearmark' as const), reference: references }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      disbursementId: disbursementIds,
      amountPaise: fc.oneof(
        { arbitrary: fc.integer({ min: 100, max: 300_000 }), weight: 5 },
        { arbitrary: fc.constantFrom('the balance' as const, 'a paisa more' as const), weight: 2 },
        { arbitrary: fc.integer({ min: -100, max: 99 }), weight: 1 },
      ),
      contactNumber: mostly(fc.constant(contactNumber), fc.constantFrom('', '9198765432101234')),
      chargeBasisPoints: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
      isRequester: mostly(fc.constant(true), fc.constant(false)),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('approve' as const), target, admin: admins }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('reject' as const), target, admin: admins, reason: mostly(fc.constant('Bank details do not match'), fc.constant('')) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      target,
      utr: fc.constantFrom('UTR000000001', 'UTR000000002'),
      paidOn: mostly(fc.constant('2026-09-01'), fc.constantFrom('2026-09-02', '2026-08-01')),
      isUtrUsed: mostly(fc.constant(false), fc.constant(true)),
    }),
    weight: 3,
  },
  { arbitrary: fc.constant<Step>({ kind: 'other' }), weight: 1 },
);

/** The disbursement a decision names: one on the ledger, or (one time in eight, or when there is none) one never requested. */
function targetOf(target: number, ledger: Ledger): string {
  const ids = Object.keys(ledger.disbursements);
  return (target % 8 === 7 ? undefined : ids[target % ids.length]) ?? 'd-never-requested';
}

/**
 * The step as one fixed command, its target and amount read from the ledger it meets (so the same
 * command can be sent again), and its decider: deciding it on a ledger gives the events or throws.
 */
function commandOf(step: Step, ledger: Ledger): (on: Ledger) => readonly DomainEvent[] {
  switch (step.kind) {
    case 'earmark':
      return (on) => decideEarmarkDonation({ requestId, reference: step.reference, amountPaise: step.amountPaise }, on);
    case 'unearmark':
      return (on) => decideUnearmarkDonation({ requestId, reference: step.reference }, on);
    case 'request': {
      const amountPaise =
        step.amountPaise === 'the balance' ? ledger.availablePaise : step.amountPaise === 'a paisa more' ? ledger.availablePaise + 1 : step.amountPaise;
      const command = requestCommand({
        disbursementId: step.disbursementId,
        amountPaise,
        contactNumber: step.contactNumber,
        chargeBasisPoints: step.chargeBasisPoints,
        requesterId: step.isRequester ? beneficiary : stranger,
        isRequester: step.isRequester,
      });
      return (on) => decideRequestDisbursement(command, on);
    }
    case 'approve': {
      const command = { requestId, disbursementId: targetOf(step.target, ledger), approvedBy: step.admin, now };
      return (on) => decideApproveDisbursement(command, on);
    }
    case 'reject': {
      const command = { requestId, disbursementId: targetOf(step.target, ledger), reason: step.reason, rejectedBy: step.admin, now };
      return (on) => decideRejectDisbursement(command, on);
    }
    case 'pay': {
      const command = { requestId, disbursementId: targetOf(step.target, ledger), utr: step.utr, paidOn: step.paidOn, paidBy: finance, isUtrUsed: step.isUtrUsed, cause: 'medical' as const, now };
      return (on) => decideMarkPaid(command, on);
    }
    case 'other':
      return () => [published];
  }
}

/** The balance recomputed from the event list alone, without the fold: sums by type. */
function balanceFromEvents(events: readonly DomainEvent[]): { earmarkedPaise: number; committedPaise: number; releasedPaise: number } {
  const typed = events.filter(isLedgerEvent);
  const rejectedIds = new Set(typed.flatMap((event) => (event.type === 'DisbursementRejected' ? [event.data.disbursementId] : [])));
  const approvedIds = new Set(typed.flatMap((event) => (event.type === 'DisbursementApproved' ? [event.data.disbursementId] : [])));
  let earmarkedPaise = 0;
  let committedPaise = 0;
  let releasedPaise = 0;
  for (const event of typed) {
    if (event.type === 'HelpDonationEarmarked') earmarkedPaise += event.data.amountPaise;
    if (event.type === 'HelpDonationUnearmarked') earmarkedPaise -= event.data.amountPaise;
    if (event.type === 'DisbursementRequested' && !rejectedIds.has(event.data.disbursementId)) committedPaise += event.data.amountPaise;
    if (event.type === 'DisbursementRequested' && approvedIds.has(event.data.disbursementId)) releasedPaise += event.data.amountPaise;
  }
  return { earmarkedPaise, committedPaise, releasedPaise };
}

/** Each disbursement's events follow requested → (approved → paid | rejected), once each. */
function expectLawfulPaths(events: readonly DomainEvent[]): void {
  const paths = new Map<string, string[]>();
  for (const event of events.filter(isLedgerEvent)) {
    if (event.type === 'HelpDonationEarmarked' || event.type === 'HelpDonationUnearmarked') continue;
    const { disbursementId } = event.data;
    paths.set(disbursementId, [...(paths.get(disbursementId) ?? []), event.type]);
  }
  const lawful = [
    ['DisbursementRequested'],
    ['DisbursementRequested', 'DisbursementRejected'],
    ['DisbursementRequested', 'DisbursementApproved'],
    ['DisbursementRequested', 'DisbursementApproved', 'DisbursementPaid'],
  ];
  for (const path of paths.values()) expect(lawful).toContainEqual(path);
}

describe('the ledger under random sequences of commands', () => {
  it('keeps the balance equal to the events, never negative, the deficit raised only by a cancelled donation, and every refusal recording nothing', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40, size: 'max' }), (steps) => {
        const history: DomainEvent[] = [];
        for (const current of steps) {
          const before = deepFreeze(foldLedger(history));
          const decide = commandOf(current, before);
          let events: readonly DomainEvent[];
          try {
            events = decide(before);
          } catch (error) {
            // A refusal is an AppError, never a crash, and nothing is appended: the ledger is as before.
            expect(error).toBeInstanceOf(AppError);
            expect(foldLedger(history)).toEqual(before);
            continue;
          }
          history.push(...events);
          const after = foldLedger(history);

          // The balance is the events' sums, never negative; what is missing shows as the deficit.
          const sums = balanceFromEvents(history);
          const raw = sums.earmarkedPaise - sums.committedPaise;
          expect(after.earmarkedPaise).toBe(sums.earmarkedPaise);
          expect(after.availablePaise).toBe(Math.max(0, raw));
          expect(after.deficitPaise).toBe(Math.max(0, -raw));
          expect(availableBalance(after)).toBeGreaterThanOrEqual(0);

          if (current.kind !== 'unearmark') {
            // Only a cancelled donation can take money already promised: nothing else deepens a deficit or creates one.
            expect(after.deficitPaise).toBeLessThanOrEqual(before.deficitPaise);
          }
          if (current.kind === 'approve' && events.length > 0) {
            // An approval never promises more than is held.
            expect(sums.releasedPaise).toBeLessThanOrEqual(sums.earmarkedPaise);
          }

          // Sending the same command again records nothing.
          if (events.length > 0 && current.kind !== 'other') expect(decide(deepFreeze(after))).toEqual([]);
        }

        expectLawfulPaths(history);
        for (const disbursement of Object.values(foldLedger(history).disbursements)) {
          expect(disbursement.adminChargePaise + disbursement.netPaise).toBe(disbursement.amountPaise);
          expect(disbursement.adminChargePaise).toBeGreaterThanOrEqual(0);
          expect(disbursement.amountPaise).toBeGreaterThanOrEqual(100);
        }
        // The fold is a fold: the same events, one at a time, give the same ledger.
        expect(history.reduce(evolveLedger, emptyLedger)).toEqual(foldLedger(history));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts a well-formed request from the requester exactly when it fits the balance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300_000 }), { maxLength: 5 }),
        fc.array(fc.integer({ min: 100, max: 300_000 }), { maxLength: 5 }),
        fc.oneof(fc.integer({ min: 100, max: 600_000 }), fc.constantFrom('the balance' as const, 'a paisa more' as const)),
        (earmarks, earlier, asked) => {
          const history: LedgerEvent[] = earmarks.map((amount, index) => earmarked(`DON${index}`, amount));
          for (const [index, amount] of earlier.entries()) {
            const ledger = foldLedger(history);
            if (amount <= ledger.availablePaise) history.push(...decideRequestDisbursement(requestCommand({ disbursementId: `d-${index}`, amountPaise: amount }), ledger));
          }
          const ledger = foldLedger(history);
          const amountPaise = asked === 'the balance' ? ledger.availablePaise : asked === 'a paisa more' ? ledger.availablePaise + 1 : asked;
          const decide = () => decideRequestDisbursement(requestCommand({ disbursementId: 'd-new', amountPaise }), ledger);
          if (amountPaise < 100) {
            expect(refusalOf(decide).userMessage).toBe(INVALID_WITHDRAWAL_AMOUNT);
          } else if (amountPaise <= ledger.availablePaise) {
            expect(decide()).toHaveLength(1);
          } else {
            expect(refusalOf(decide).userMessage).toBe(amountAboveBalance(ledger.availablePaise));
          }
        },
      ),
    );
  });
});

// ---- the rules the withdrawal commands used to keep in closures (docs/decisions/052) ----

const helpRequested: DomainEvent = {
  type: 'HelpRequested',
  data: {
    requestId,
    requesterId: beneficiary,
    category: 'medical',
    text: sealedContact,
    amountNeededPaise: 5_00_000_00,
    beneficiary: sealedContact,
    documents: [],
    requestedAt: '2026-08-01T05:00:00.000Z',
  },
};
const utrClaimed = (disbursementId: string, utr = 'UTR000000001'): HelpDisbursementUtrClaimed => ({ type: 'HelpDisbursementUtrClaimed', data: { utr, requestId, disbursementId, claimedAt: at } });
const idClaimed = (disbursementId: string, by = requestId): HelpDisbursementIdClaimed => ({ type: 'HelpDisbursementIdClaimed', data: { disbursementId, requestId: by, claimedAt: at } });

/** The request's stream and, beside it, what the claim streams read in the same attempt hold. */
const heldMoneyOf = { evolve: evolveHeldMoney, initialState: noHeldMoney };
const withClaimsOf = {
  evolve: (state: MarkWithdrawalPaidState & RequestWithdrawalState, event: DomainEvent): MarkWithdrawalPaidState & RequestWithdrawalState => {
    if (event.type === 'HelpDisbursementUtrClaimed') return { ...state, claimedBy: (event as HelpDisbursementUtrClaimed).data.disbursementId };
    if (event.type === 'HelpDisbursementIdClaimed') return { ...state, idClaimedBy: (event as HelpDisbursementIdClaimed).data.requestId };
    return { ...state, ...evolveHeldMoney(state, event) };
  },
  initialState: { ...noHeldMoney, claimedBy: null, idClaimedBy: null, chargeBasisPoints: 0 },
};
const approveWithdrawal = deciderSpec({ ...heldMoneyOf, decide: decideApproveWithdrawal });
const rejectWithdrawal = deciderSpec({ ...heldMoneyOf, decide: decideRejectWithdrawal });
const markWithdrawalPaid = deciderSpec({ ...withClaimsOf, decide: decideMarkWithdrawalPaid });
const requestWithdrawal = deciderSpec({ ...withClaimsOf, decide: decideRequestWithdrawal });

describe('finance on a withdrawal: never on one of their own request', () => {
  it('approves, rejects and marks paid a withdrawal of someone else’s request', () => {
    approveWithdrawal([helpRequested, ...pending]).when(approveCommand()).then([approved(first, finance, at)]);
    rejectWithdrawal([helpRequested, ...pending]).when(rejectCommand()).then([rejected(first)]);
    markWithdrawalPaid([helpRequested, ...approvedOne])
      .when(payCommand())
      .then([
        { streamId: `help-${requestId}`, events: [paid(first)] },
        { streamId: 'help_utr-UTR000000001', events: [utrClaimed(first)] },
      ]);
  });

  it('refuses a finance admin approving, rejecting or marking paid a withdrawal of their own request', () => {
    approveWithdrawal([helpRequested, ...pending]).when(approveCommand(first, beneficiary)).thenRefuses('FORBIDDEN', HELP_OWN_REQUEST);
    rejectWithdrawal([helpRequested, ...pending]).when(rejectCommand(first, beneficiary)).thenRefuses('FORBIDDEN', HELP_OWN_REQUEST);
    markWithdrawalPaid([helpRequested, ...approvedOne]).when(payCommand({ paidBy: beneficiary })).thenRefuses('FORBIDDEN', HELP_OWN_REQUEST);
  });

  it('refuses a withdrawal of a request that does not exist', () => {
    approveWithdrawal(pending).when(approveCommand()).thenRefuses('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
    rejectWithdrawal(pending).when(rejectCommand()).thenRefuses('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
    markWithdrawalPaid(approvedOne).when(payCommand()).thenRefuses('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  });

  it('marks paid with a UTR claimed by this withdrawal already without claiming it again, and refuses one another withdrawal holds', () => {
    markWithdrawalPaid([helpRequested, ...approvedOne, utrClaimed(first)])
      .when(payCommand())
      .then([
        { streamId: `help-${requestId}`, events: [paid(first)] },
        { streamId: 'help_utr-UTR000000001', events: [] },
      ]);
    markWithdrawalPaid([helpRequested, ...approvedOne, utrClaimed(second)]).when(payCommand()).thenRefuses('CONFLICT', UTR_USED);
    markWithdrawalPaid([helpRequested, ...paidOne, utrClaimed(first)]).when(payCommand()).thenNothing();
  });
});

describe('the requester asks for a withdrawal', () => {
  const command = { requestId, disbursementId: second, amountPaise: 50_000, contactNumber, sealedContactNumber: sealedContact, requesterId: beneficiary, now };

  it('records the request on the request’s stream and claims its ID, once', () => {
    requestWithdrawal([helpRequested, ...funded])
      .when(command)
      .then([
        { streamId: `help-${requestId}`, events: [requested(second, 50_000)] },
        { streamId: `help_disbursement-${second}`, events: [idClaimed(second)] },
      ]);
    requestWithdrawal([helpRequested, ...funded, requested(second, 50_000), idClaimed(second)]).when(command).thenNothing();
  });

  it('refuses anyone but the requester, a request that does not exist, and an ID another request’s withdrawal holds', () => {
    requestWithdrawal([helpRequested, ...funded]).when({ ...command, requesterId: stranger }).thenRefuses('FORBIDDEN', NOT_THE_REQUESTER);
    requestWithdrawal(funded).when(command).thenRefuses('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
    requestWithdrawal([helpRequested, ...funded, idClaimed(second, 'HLP99999')]).when(command).thenRefuses('CONFLICT', DISBURSEMENT_ID_TAKEN);
    expect(refusalOf(() => refuseWithdrawalRequest(noHeldMoney, beneficiary)).userMessage).toBe(HELP_REQUEST_NOT_FOUND);
  });
});

describe('a donation for the request: earmarked, or taken back', () => {
  type Read = { held: WholeRequest; isCancelled: boolean };
  const apply = deciderSpec({
    evolve: (state: Read, event: DomainEvent): Read => (event.type === 'DonationCancelled' ? { ...state, isCancelled: true } : { ...state, held: evolveWholeRequest(state.held, event) }),
    initialState: { held: noWholeRequest, isCancelled: false },
    decide: decideApplyDonation,
  });
  const command = (isCancellation = false) => ({ requestId, reference: 'DON2345C', amountPaise: 30_000, isCancellation, now });
  const cancelled: DomainEvent = { type: 'DonationCancelled', data: { reference: 'DON2345C' } };

  it('earmarks a verified donation once', () => {
    apply([helpRequested, ...funded]).when(command()).then([earmarked('DON2345C', 30_000)]);
    apply([helpRequested, ...funded, earmarked('DON2345C', 30_000)]).when(command()).thenNothing();
  });

  it('takes it back on its cancellation, or when the donation was found cancelled before it was earmarked', () => {
    apply([helpRequested, ...funded, earmarked('DON2345C', 30_000)]).when(command(true)).then([unearmarked('DON2345C', 30_000)]);
    apply([helpRequested, ...funded, cancelled]).when(command()).thenNothing();
  });

  it('closes a published request as funded with the rupee that reaches the amount needed, in the same decision', () => {
    const needing = { ...helpRequested, data: { ...(helpRequested.data as object), amountNeededPaise: 1_550_50 } };
    const publishedOn: DomainEvent = { type: 'HelpRequestPublished', data: { requestId, publishedBy: 'admin-verification', publishedAt: at, closesOn: '2026-11-30' } };
    apply([needing, publishedOn, ...funded])
      .when(command())
      .then([earmarked('DON2345C', 30_000), { type: 'HelpRequestClosed', data: { requestId, reason: 'funded', closedBy: null, closedAt: at } }]);
  });
});
