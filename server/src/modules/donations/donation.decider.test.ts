import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { INVALID_REFERRAL } from '#server/modules/identity/identity.api';
import { deciderSpec, fold, refusalOf } from '#server/testing/deciders/decider-spec';
import { DONATION_NOT_FOUND, evolveDonation, evolveUtrClaim, NO_MATCHING_DONATION, noDonation, noUtrClaim, type DonationState, CANCEL_NOT_VERIFIED, decideCancel, decidePledge, REFERENCE_TAKEN, SELF_REFERRAL, type PledgeCommand, type PledgeState, decideEraseDonation, ABANDON_AFTER_MS, decideAbandon, decideScreenshotResult, decideRecordOffline, decideReject, REJECT_CANCELLED, REJECT_VERIFIED, decideSubmitProof, PROOF_AFTER_CANCELLATION, PROOF_AFTER_REJECTION, PROOF_ALREADY_VERIFIED, decideVerify, instrumentAlreadyUsed, RECEIVED_IN_FUTURE, utrAlreadyUsed, VERIFY_CANCELLED, VERIFY_REJECTED, VERIFY_WITHOUT_PROOF, type SerialSlot, type VerificationCommand, decideRecordDonorId, decideShredRetainedReceipt, DONOR_ERASED, evolveRetention, hasDonorIdToRecord, noRetention, decideRecordPanName, hasPanNameToRecord, PAN_NAME_WITHOUT_ID, INSTRUMENT_DATE_IN_FUTURE, INSTRUMENT_DATE_TOO_OLD, INSTRUMENT_DETAILS_NOT_ALLOWED, instrumentValidUntil, COUNTRY_REQUIRED, FOREIGN_GIFT_FOR_HELP_REQUEST, isForeignContribution, receiptIssuerFor } from './donation.decider.ts';
import type {
  DonationAbandoned,
  DonationCancelled,
  DonationPledged,
  DonationProofSubmitted,
  DonationRejected,
  DonationScreenshotProcessed,
  DonationScreenshotRejected,
  DonationStreamEvent,
  DonationVerified,
  DonorIdentificationRecorded,
  DonorPanNameRecorded,
  OtherDonorIdKind,
  ReceiptIssuer,
  ReceiptRendered,
  RetainedReceiptShredded,
  UtrClaimed,
} from './donations.events.ts';
import { OTHER_DONOR_ID_KINDS } from './verification/donor-id.schema.ts';
import { indiaDateOf } from './receipts/receipt-serial.ts';
import { FOREIGN_WITHOUT_FCRA, FOREIGN_WITHOUT_FCRA_NO_CONTACT, ONLINE_LIMIT_WITH_BANK, ONLINE_LIMIT_WITHOUT_BANK, type PaymentSettings } from './giving/payment-details.ts';

const reference = 'ABCD2345';
const other = 'WXYZ6789';
const streamId = `donation-${reference}`;
const donor: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'ct' };
const pledgedAt = '2026-04-10T05:00:00.000Z';
const now = new Date('2026-04-12T06:30:00.000Z');
const at = now.toISOString();
const utr = '123456789012';
const uploadId = '0190c3a4-0000-7000-8000-000000000001';
const fileId = '0190c3a4-0000-7000-8000-0000000000f1';

const issuer: ReceiptIssuer = {
  foundationName: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' },
  address: { en: '1 Main Road, Jaipur', hi: '1 मेन रोड, जयपुर' },
  pan: 'AAATS1234F',
  registrationNo: 'REG/1',
  twelveANo: '12A/1',
  taxExemptionNo: '80G/1',
  taxSectionLabel: 'section 133, Income-tax Act 2025',
  phone: '+91 98765 43210',
  email: 'contact@sahay.example',
};

const pledged: DonationPledged = {
  type: 'DonationPledged',
  data: {
    reference,
    amountPaise: 125_000,
    cause: 'kanyadan',
    helpRequestId: null,
    donor,
    donorKey: 'donor-key',
    contactKeys: ['contact-key'],
    hasPan: false,
    showName: false,
    referrerId: 'SH1000001',
    memberId: 'SH1000002',
    channel: 'online',
    pledgedAt,
  },
};
const proof = (value = utr, screenshotUploadId: string | null = null): DonationProofSubmitted => ({
  type: 'DonationProofSubmitted',
  data: { reference, utr: value, utrKind: value.length === 12 ? 'upi-imps' : 'neft-rtgs', screenshotUploadId, submittedAt: pledgedAt },
});
const receipt = { serial: 'SAHAY/2026-27/000007', financialYear: '2026-27', number: 7, issuedOn: '2026-04-12', issuer, isCashAboveLimit: false };
const verified: DonationVerified = {
  type: 'DonationVerified',
  data: {
    reference,
    amountPaise: 125_000,
    cause: 'kanyadan',
    donorKey: 'donor-key',
    referrerId: 'SH1000001',
    memberId: 'SH1000002',
    receivedOn: '2026-04-11',
    mode: 'upi',
    instrumentNumber: null,
    utr,
    receipt,
    // A Kanyadan gift: a specific grant unless finance chooses otherwise (decision 057).
    donationType: 'specific-grant',
    verifiedAt: at,
  },
};
const rejected: DonationRejected = { type: 'DonationRejected', data: { reference, reason: 'No such credit', rejectedAt: at } };
const abandoned: DonationAbandoned = { type: 'DonationAbandoned', data: { reference, abandonedAt: at } };
const cancelled: DonationCancelled = {
  type: 'DonationCancelled',
  data: { reference, amountPaise: 125_000, donorKey: 'donor-key', referrerId: 'SH1000001', memberId: 'SH1000002', reason: 'Cheque bounced', cancelledAt: at },
};
const rendered = (variant: 'issued' | 'cancelled', file = fileId): ReceiptRendered => ({
  type: 'ReceiptRendered',
  data: { reference, serial: receipt.serial, variant, fileId: file, renderedAt: at },
});
const erased: DonationStreamEvent = { type: 'PersonalDataErased', data: { subjectId: streamId, erasedAt: at, reason: 'Donor asked' } };

const donation = { evolve: evolveDonation, initialState: noDonation };
const stateAfter = (events: readonly DonationStreamEvent[]): DonationState => fold(donation, events);

describe('evolveDonation', () => {
  it('folds a pledge into a donation awaiting payment', () => {
    expect(stateAfter([pledged])).toMatchObject({ exists: true, reference, status: 'awaiting_payment', amountPaise: 125_000, donor, pledgedAt, channel: 'online' });
  });

  it('moves to proof received on proof, also from abandoned (proof reopens it), keeping the latest UTR and the pending screenshot', () => {
    expect(stateAfter([pledged, proof()])).toMatchObject({ status: 'proof_received', proof: { utr, utrKind: 'upi-imps' }, pendingScreenshotUploadId: null });
    expect(stateAfter([pledged, abandoned])).toMatchObject({ status: 'abandoned' });
    expect(stateAfter([pledged, abandoned, proof('SBIN123456789012', uploadId)])).toMatchObject({
      status: 'proof_received',
      proof: { utr: 'SBIN123456789012', utrKind: 'neft-rtgs' },
      pendingScreenshotUploadId: uploadId,
    });
    // A later proof without a screenshot keeps the one waiting for the image job.
    expect(stateAfter([pledged, proof(utr, uploadId), proof('999999999999')]).pendingScreenshotUploadId).toBe(uploadId);
  });

  it('records the processed screenshot, and a rejected one only clears the wait', () => {
    const processed: DonationScreenshotProcessed = {
      type: 'DonationScreenshotProcessed',
      data: { reference, uploadId, fileId, width: 1080, height: 2400, processedAt: at },
    };
    const refused: DonationScreenshotRejected = { type: 'DonationScreenshotRejected', data: { reference, uploadId, reason: 'unreadable', rejectedAt: at } };
    expect(stateAfter([pledged, proof(utr, uploadId), processed])).toMatchObject({ pendingScreenshotUploadId: null, screenshot: { uploadId, fileId, width: 1080, height: 2400 } });
    expect(stateAfter([pledged, proof(utr, uploadId), refused])).toMatchObject({ pendingScreenshotUploadId: null, screenshot: null });
  });

  it('moves to verified, rejected and cancelled with what each records; abandoning touches only a pledge awaiting payment', () => {
    expect(stateAfter([pledged, proof(), verified])).toMatchObject({ status: 'verified', verification: { receivedOn: '2026-04-11', mode: 'upi', utr, receipt } });
    expect(stateAfter([pledged, proof(), rejected])).toMatchObject({ status: 'rejected', rejection: { reason: 'No such credit' } });
    expect(stateAfter([pledged, proof(), verified, cancelled])).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Cheque bounced' }, verification: { receipt } });
    expect(stateAfter([pledged, proof(), abandoned]).status).toBe('proof_received');
  });

  it('remembers each receipt variant drawn, and an erasure drops the sealed donor', () => {
    expect(stateAfter([pledged, proof(), verified, rendered('issued')]).renderedReceipts).toEqual({ issued: fileId, cancelled: null });
    expect(stateAfter([pledged, proof(), verified, cancelled, rendered('issued'), rendered('cancelled', uploadId)]).renderedReceipts).toEqual({ issued: fileId, cancelled: uploadId });
    expect(stateAfter([pledged, erased])).toMatchObject({ isErased: true, donor: null, status: 'awaiting_payment' });
  });

  it('a UTR stream remembers the donation that claimed it last', () => {
    const claim = (by: string): UtrClaimed => ({ type: 'UtrClaimed', data: { reference: by, claimedAt: at } });
    expect(fold({ evolve: evolveUtrClaim, initialState: noUtrClaim }, [claim(other), claim(reference)])).toEqual({ claimedBy: reference });
  });
});

const payment: PaymentSettings = {
  vpa: 'sahay@sbi',
  payeeName: 'Sahay Foundation',
  merchantCode: null,
  upiCapPaise: 1_00_000_00,
  bank: { accountName: 'Sahay Foundation', accountNumber: '12345678901', ifsc: 'SBIN0001234', bankName: 'State Bank of India' },
  contact: '+91 98765 43210 / contact@sahay.example',
  fcra: null,
};
const fcraAccount = { accountName: 'Sahay Foundation FCRA Account', accountNumber: '40001234567', ifsc: 'SBIN0000691', bankName: 'State Bank of India, New Delhi Main Branch' };
const withFcra: PaymentSettings = { ...payment, fcra: { registrationNumber: '231650123', validUntil: '', bank: fcraAccount } };
const pledgeCommand: PledgeCommand = {
  reference,
  helpRequestId: null,
  amountPaise: 125_000,
  cause: 'kanyadan',
  donor,
  donorKey: 'donor-key',
  contactKeys: ['contact-key'],
  hasPan: false,
  showName: false,
  referralId: 'SH1000001',
  memberId: 'SH1000002',
  channel: 'online',
  now: new Date(pledgedAt),
};
const newPledge: PledgeState = { exists: false, referrer: { userId: 'SH1000001' }, payment };

describe('decidePledge', () => {
  const spec = deciderSpec({
    decide: (command: PledgeCommand & { state?: Partial<PledgeState> }, state: DonationState) =>
      decidePledge(command, { ...newPledge, exists: state.exists, ...command.state }),
    evolve: evolveDonation,
    initialState: noDonation,
  });

  it('records the pledge, crediting the referrer found', () => {
    spec([]).when(pledgeCommand).then([pledged]);
    spec([])
      .when({ ...pledgeCommand, referralId: null, state: { referrer: undefined } })
      .then([{ ...pledged, data: { ...pledged.data, referrerId: null } }]);
  });

  it('refuses a referral ID that is no active member, and the donor as their own referrer', () => {
    spec([]).when({ ...pledgeCommand, state: { referrer: null } }).thenRefuses('BAD_REQUEST', INVALID_REFERRAL);
    spec([])
      .when({ ...pledgeCommand, state: { referrer: { userId: 'SH1000002' } } })
      .thenRefuses('BAD_REQUEST', SELF_REFERRAL);
  });

  it('refuses more than ₹10,00,000 online with the bank details (or, without them, the contact), but records it offline', () => {
    const large = { ...pledgeCommand, amountPaise: 10_00_000_01 };
    spec([]).when({ ...pledgeCommand, amountPaise: 10_00_000_00 }).then([{ ...pledged, data: { ...pledged.data, amountPaise: 10_00_000_00 } }]);
    const withBank = ONLINE_LIMIT_WITH_BANK.replace('{accountName}', 'Sahay Foundation')
      .replace('{accountNumber}', '12345678901')
      .replace('{ifsc}', 'SBIN0001234')
      .replace('{contact}', payment.contact);
    spec([]).when(large).thenRefuses('BAD_REQUEST', withBank);
    const noBank = { ...payment, bank: { accountName: '', accountNumber: '', ifsc: '', bankName: '' } };
    spec([]).when({ ...large, state: { payment: noBank } }).thenRefuses('BAD_REQUEST', ONLINE_LIMIT_WITHOUT_BANK.replace('{contact}', payment.contact));
    expect(refusalOf(() => decidePledge(large, newPledge)).fieldErrors).toEqual({ amountPaise: [withBank] });
    spec([])
      .when({ ...large, channel: 'offline' })
      .then([{ ...pledged, data: { ...pledged.data, amountPaise: 10_00_000_01, channel: 'offline' } }]);
  });

  it('never reuses a reference', () => {
    spec([pledged]).when(pledgeCommand).thenRefuses('CONFLICT', REFERENCE_TAKEN);
  });
});

describe('decideSubmitProof', () => {
  type Command = Parameters<typeof decideSubmitProof>[0] & { isContactMatch?: boolean };
  const spec = deciderSpec({
    decide: (command: Command, state: DonationState) => decideSubmitProof(command, { donation: state, isContactMatch: command.isContactMatch ?? true }),
    evolve: evolveDonation,
    initialState: noDonation,
  });
  const command: Command = { reference, utr, utrKind: 'upi-imps', screenshotUploadId: null, now: new Date(pledgedAt) };

  it('records the proof of a pledge awaiting payment, or abandoned (which reopens it)', () => {
    spec([pledged]).when(command).then([proof()]);
    spec([pledged, abandoned]).when(command).then([proof()]);
    spec([pledged]).when({ ...command, screenshotUploadId: uploadId }).then([proof(utr, uploadId)]);
  });

  it('records a corrected UTR or a new screenshot, and nothing for the same UTR again', () => {
    spec([pledged, proof()]).when(command).thenNothing();
    spec([pledged, proof()]).when({ ...command, utr: 'SBIN123456789012', utrKind: 'neft-rtgs' }).then([proof('SBIN123456789012')]);
    spec([pledged, proof()]).when({ ...command, screenshotUploadId: uploadId }).then([proof(utr, uploadId)]);
  });

  it('answers the same for an unknown reference and for a contact that is not the donation’s', () => {
    spec([]).when(command).thenRefuses('NOT_FOUND', NO_MATCHING_DONATION);
    spec([pledged]).when({ ...command, isContactMatch: false }).thenRefuses('NOT_FOUND', NO_MATCHING_DONATION);
  });

  it('takes no proof for a decided donation', () => {
    spec([pledged, proof(), verified]).when(command).thenRefuses('CONFLICT', PROOF_ALREADY_VERIFIED);
    spec([pledged, proof(), rejected]).when(command).thenRefuses('CONFLICT', PROOF_AFTER_REJECTION);
    spec([pledged, proof(), verified, cancelled]).when(command).thenRefuses('CONFLICT', PROOF_AFTER_CANCELLATION);
  });
});

describe('decideScreenshotResult', () => {
  const spec = deciderSpec({ decide: decideScreenshotResult, evolve: evolveDonation, initialState: noDonation });
  const outcome = { fileId, width: 1080, height: 2400 };

  it('records the image, or the refusal, of the screenshot waiting', () => {
    spec([pledged, proof(utr, uploadId)])
      .when({ reference, uploadId, outcome, now })
      .then([{ type: 'DonationScreenshotProcessed', data: { reference, uploadId, ...outcome, processedAt: at } }]);
    spec([pledged, proof(utr, uploadId)])
      .when({ reference, uploadId, outcome: { rejected: 'too-many-pixels' }, now })
      .then([{ type: 'DonationScreenshotRejected', data: { reference, uploadId, reason: 'too-many-pixels', rejectedAt: at } }]);
  });

  it('records nothing for a screenshot done already, replaced by a newer one, or of an erased donation', () => {
    const processed: DonationScreenshotProcessed = { type: 'DonationScreenshotProcessed', data: { reference, uploadId, ...outcome, processedAt: at } };
    spec([pledged, proof(utr, uploadId), processed]).when({ reference, uploadId, outcome, now }).thenNothing();
    spec([pledged, proof(utr, uploadId), proof(utr, fileId)]).when({ reference, uploadId, outcome, now }).thenNothing();
    spec([pledged, proof(utr, uploadId), erased]).when({ reference, uploadId, outcome, now }).thenNothing();
    spec([]).when({ reference, uploadId, outcome, now }).thenNothing();
  });
});

describe('decideVerify', () => {
  type Command = VerificationCommand & { serialVersion?: number | null; claimedBy?: string | null; isHolderCancelled?: boolean; chequeClaimedBy?: string | null };
  const slot = (version: number | null): SerialSlot => ({ streamId: 'receipt-serials-SAHAY-2026-27', prefix: 'SAHAY', financialYear: '2026-27', version });
  const spec = deciderSpec({
    decide: (command: Command, state: DonationState) =>
      decideVerify(command, {
        donation: state,
        serial: slot(command.serialVersion === undefined ? 6 : command.serialVersion),
        utr: state.proof
          ? { value: state.proof.utr, streamId: 'donation-utr-key', claim: { claimedBy: command.claimedBy ?? null }, isHolderCancelled: command.isHolderCancelled ?? false }
          : null,
        instrument: command.instrumentNumber
          ? { streamId: `donation-instrument-cheque-${command.instrumentNumber}-125000`, claim: { claimedBy: command.chequeClaimedBy ?? null }, isHolderCancelled: command.isHolderCancelled ?? false }
          : null,
      }),
    evolve: evolveDonation,
    initialState: noDonation,
  });
  const command: Command = { reference, receivedOn: '2026-04-11', mode: 'upi', instrumentNumber: null, issuer, now };
  const allocated = (number: number, serial: string) => ({ type: 'ReceiptSerialAllocated' as const, data: { serial, number, reference, allocatedAt: at } });
  const claimed = { type: 'UtrClaimed' as const, data: { reference, claimedAt: at } };

  it('verifies with the next serial of the year (the serial stream’s version + 1) and claims the UTR, all in one decision', () => {
    spec([pledged, proof()])
      .when(command)
      .then([
        { streamId, events: [verified] },
        { streamId: 'receipt-serials-SAHAY-2026-27', events: [allocated(7, 'SAHAY/2026-27/000007')] },
        { streamId: 'donation-utr-key', events: [claimed] },
      ]);
    spec([pledged, proof()])
      .when({ ...command, serialVersion: null })
      .then([
        { streamId, events: [{ ...verified, data: { ...verified.data, receipt: { ...receipt, serial: 'SAHAY/2026-27/000001', number: 1 } } }] },
        { streamId: 'receipt-serials-SAHAY-2026-27', events: [allocated(1, 'SAHAY/2026-27/000001')] },
        { streamId: 'donation-utr-key', events: [claimed] },
      ]);
  });

  it('claims a cheque by its number and amount; the same cheque verifying another standing donation is refused with that one’s reference', () => {
    const cheque: Command = { ...command, mode: 'cheque', instrumentNumber: '004512' };
    const chequeVerified = { ...verified, data: { ...verified.data, mode: 'cheque' as const, instrumentNumber: '004512' } };
    spec([pledged, proof()])
      .when(cheque)
      .then([
        { streamId, events: [chequeVerified] },
        { streamId: 'receipt-serials-SAHAY-2026-27', events: [allocated(7, 'SAHAY/2026-27/000007')] },
        { streamId: 'donation-utr-key', events: [claimed] },
        { streamId: 'donation-instrument-cheque-004512-125000', events: [{ type: 'InstrumentClaimed', data: { reference, claimedAt: at } }] },
      ]);
    spec([pledged, proof()]).when({ ...cheque, chequeClaimedBy: 'BBBB2222' }).thenRefuses('CONFLICT', instrumentAlreadyUsed('BBBB2222'));
    // The other donation was cancelled (the cheque was entered against the wrong gift): the cheque is free again.
    spec([pledged, proof()])
      .when({ ...cheque, chequeClaimedBy: 'BBBB2222', isHolderCancelled: true })
      .then([
        { streamId, events: [chequeVerified] },
        { streamId: 'receipt-serials-SAHAY-2026-27', events: [allocated(7, 'SAHAY/2026-27/000007')] },
        { streamId: 'donation-utr-key', events: [claimed] },
        { streamId: 'donation-instrument-cheque-004512-125000', events: [{ type: 'InstrumentClaimed', data: { reference, claimedAt: at } }] },
      ]);
  });

  it('freezes the tax section in Hindi with the issuer, for the receipt’s Hindi half (issue 32)', async () => {
    const { receiptIssuerOf } = await import('./donation.decider.ts');
    const { DEFAULT_SETTINGS } = await import('#server/modules/site/site.api');
    const frozen = receiptIssuerOf({ ...DEFAULT_SETTINGS, taxSectionLabel: 'section 133, Income-tax Act 2025' }, null);
    expect(frozen).toMatchObject({ taxSectionLabel: 'section 133, Income-tax Act 2025', taxSectionLabelHi: 'आयकर अधिनियम 2025 की धारा 133' });
  });

  it('freezes the issuer given and notes cash above ₹2,000', () => {
    const above = stateAfter([{ ...pledged, data: { ...pledged.data, amountPaise: 2_000_01 } }, proof()]);
    const [first] = decideVerify({ ...command, mode: 'cash' }, { donation: above, serial: slot(0), utr: null, instrument: null });
    expect(first!.events[0]).toMatchObject({ data: { mode: 'cash', receipt: { issuer, isCashAboveLimit: true, issuedOn: '2026-04-12' } } });
    const small = stateAfter([{ ...pledged, data: { ...pledged.data, amountPaise: 2_000_00 } }, proof()]);
    const [second] = decideVerify({ ...command, mode: 'cash' }, { donation: small, serial: slot(0), utr: null, instrument: null });
    expect(second!.events[0]).toMatchObject({ data: { receipt: { isCashAboveLimit: false } } });
  });

  it('finds a verified donation done, and refuses one without proof, rejected, cancelled or unknown', () => {
    spec([pledged, proof(), verified]).when(command).thenNothing();
    spec([pledged]).when(command).thenRefuses('CONFLICT', VERIFY_WITHOUT_PROOF);
    spec([pledged, abandoned]).when(command).thenRefuses('CONFLICT', VERIFY_WITHOUT_PROOF);
    spec([pledged, proof(), rejected]).when(command).thenRefuses('CONFLICT', VERIFY_REJECTED);
    spec([pledged, proof(), verified, cancelled]).when(command).thenRefuses('CONFLICT', VERIFY_CANCELLED);
    spec([]).when(command).thenRefuses('NOT_FOUND', DONATION_NOT_FOUND);
  });

  it('refuses a UTR another donation verified with, naming it, unless that donation was cancelled since', () => {
    spec([pledged, proof()]).when({ ...command, claimedBy: other }).thenRefuses('CONFLICT', utrAlreadyUsed(other));
    expect(utrAlreadyUsed(other)).toBe('This UTR already verified donation WXYZ-6789.');
    spec([pledged, proof()])
      .when({ ...command, claimedBy: other, isHolderCancelled: true })
      .then([
        { streamId, events: [verified] },
        { streamId: 'receipt-serials-SAHAY-2026-27', events: [allocated(7, 'SAHAY/2026-27/000007')] },
        { streamId: 'donation-utr-key', events: [claimed] },
      ]);
  });

  it('refuses a date the money cannot have arrived yet (India’s date decides)', () => {
    // 12 April 06:30 UTC is 12:00 in India: the 12th is today, the 13th is tomorrow.
    spec([pledged, proof()]).when({ ...command, receivedOn: '2026-04-13' }).thenRefuses('BAD_REQUEST', RECEIVED_IN_FUTURE);
    spec([pledged, proof()])
      .when({ ...command, receivedOn: '2026-04-13', now: new Date('2026-04-12T18:30:00.000Z') })
      .then([
        { streamId, events: [{ ...verified, data: { ...verified.data, receivedOn: '2026-04-13', verifiedAt: '2026-04-12T18:30:00.000Z', receipt: { ...receipt, issuedOn: '2026-04-13' } } }] },
        { streamId: 'receipt-serials-SAHAY-2026-27', events: [{ ...allocated(7, 'SAHAY/2026-27/000007'), data: { ...allocated(7, '').data, serial: 'SAHAY/2026-27/000007', allocatedAt: '2026-04-12T18:30:00.000Z' } }] },
        { streamId: 'donation-utr-key', events: [{ ...claimed, data: { reference, claimedAt: '2026-04-12T18:30:00.000Z' } }] },
      ]);
  });
});

describe('decideReject, decideCancel, decideAbandon, decideEraseDonation', () => {
  const reject = deciderSpec({ decide: decideReject, evolve: evolveDonation, initialState: noDonation });
  const cancel = deciderSpec({ decide: decideCancel, evolve: evolveDonation, initialState: noDonation });
  const abandon = deciderSpec({ decide: decideAbandon, evolve: evolveDonation, initialState: noDonation });
  const erase = deciderSpec({ decide: decideEraseDonation, evolve: evolveDonation, initialState: noDonation });

  it('rejects a donation waiting for a decision, once', () => {
    reject([pledged, proof()]).when({ reference, reason: 'No such credit', now }).then([rejected]);
    reject([pledged]).when({ reference, reason: 'No such credit', now }).then([rejected]);
    reject([pledged, abandoned]).when({ reference, reason: 'No such credit', now }).then([rejected]);
    reject([pledged, proof(), rejected]).when({ reference, reason: 'Another reason', now }).thenNothing();
    reject([pledged, proof(), verified]).when({ reference, reason: 'x', now }).thenRefuses('CONFLICT', REJECT_VERIFIED);
    reject([pledged, proof(), verified, cancelled]).when({ reference, reason: 'x', now }).thenRefuses('CONFLICT', REJECT_CANCELLED);
    reject([]).when({ reference, reason: 'x', now }).thenRefuses('NOT_FOUND', DONATION_NOT_FOUND);
  });

  it('cancels a verified donation once, copying what it took back', () => {
    cancel([pledged, proof(), verified]).when({ reference, reason: 'Cheque bounced', now }).then([cancelled]);
    cancel([pledged, proof(), verified, cancelled]).when({ reference, reason: 'Again', now }).thenNothing();
    cancel([pledged, proof()]).when({ reference, reason: 'x', now }).thenRefuses('CONFLICT', CANCEL_NOT_VERIFIED);
    cancel([pledged, proof(), rejected]).when({ reference, reason: 'x', now }).thenRefuses('CONFLICT', CANCEL_NOT_VERIFIED);
    cancel([]).when({ reference, reason: 'x', now }).thenRefuses('NOT_FOUND', DONATION_NOT_FOUND);
  });

  it('abandons a pledge awaiting payment from 7 days after it was made, and nothing else', () => {
    const sevenDays = new Date(Date.parse(pledgedAt) + ABANDON_AFTER_MS);
    abandon([pledged])
      .when({ reference, now: sevenDays })
      .then([{ type: 'DonationAbandoned', data: { reference, abandonedAt: sevenDays.toISOString() } }]);
    abandon([pledged]).when({ reference, now: new Date(sevenDays.getTime() - 1) }).thenNothing();
    abandon([pledged, abandoned]).when({ reference, now: sevenDays }).thenNothing();
    abandon([pledged, proof()]).when({ reference, now: sevenDays }).thenNothing();
    abandon([pledged, rejected]).when({ reference, now: sevenDays }).thenNothing();
    abandon([]).when({ reference, now: sevenDays }).thenNothing();
  });

  it('erases a donation’s personal data once', () => {
    erase([pledged, proof(), verified]).when({ reference, reason: 'Donor asked', now }).then([{ type: 'PersonalDataErased', data: { subjectId: streamId, erasedAt: at, reason: 'Donor asked' } }]);
    erase([pledged, erased]).when({ reference, reason: 'Donor asked', now }).thenNothing();
    erase([]).when({ reference, reason: 'Donor asked', now }).thenRefuses('NOT_FOUND', DONATION_NOT_FOUND);
  });
});

describe('the donation type at verification (decision 057)', () => {
  const slot: SerialSlot = { streamId: 'receipt-serials-SAHAY-2026-27', prefix: 'SAHAY', financialYear: '2026-27', version: 6 };
  const verify = deciderSpec({
    decide: (command: VerificationCommand, state: DonationState) =>
      decideVerify(command, { donation: state, serial: slot, utr: state.proof ? { value: state.proof.utr, streamId: 'donation-utr-key', claim: { claimedBy: null }, isHolderCancelled: false } : null, instrument: null }),
    evolve: evolveDonation,
    initialState: noDonation,
  });
  const command: VerificationCommand = { reference, receivedOn: '2026-04-11', mode: 'upi', instrumentNumber: null, issuer, now };
  const withType = (donationType: DonationVerified['data']['donationType'], data: Partial<DonationVerified['data']> = {}): DonationVerified => ({
    type: 'DonationVerified',
    data: { ...verified.data, ...data, donationType },
  });
  const generalPledge: DonationPledged = { ...pledged, data: { ...pledged.data, cause: 'medical' } };
  const helpPledge: DonationPledged = { ...pledged, data: { ...pledged.data, cause: 'medical', helpRequestId: 'HR-2026-000123' } };

  it('records the type finance chose, corpus included', () => {
    const events = verify([pledged, proof()]).when({ ...command, donationType: 'corpus' });
    events.then([
      { streamId, events: [withType('corpus')] },
      { streamId: slot.streamId, events: [{ type: 'ReceiptSerialAllocated', data: { serial: 'SAHAY/2026-27/000007', number: 7, reference, allocatedAt: at } }] },
      { streamId: 'donation-utr-key', events: [{ type: 'UtrClaimed', data: { reference, claimedAt: at } }] },
    ]);
  });

  it('defaults from the cause: a help request or Kanyadan is a specific grant, any other cause others, never corpus', () => {
    const typeOf = (given: DonationPledged) => {
      const [batch] = decideVerify(command, { donation: stateAfter([given, proof()]), serial: slot, utr: null, instrument: null });
      return (batch!.events[0] as DonationVerified).data.donationType;
    };
    expect(typeOf(pledged)).toBe('specific-grant');
    expect(typeOf(generalPledge)).toBe('others');
    expect(typeOf(helpPledge)).toBe('specific-grant');
  });

  it('reads a verification recorded before the type existed as others', () => {
    const { donationType: _dropped, ...older } = verified.data;
    expect(stateAfter([pledged, proof(), { type: 'DonationVerified', data: older }]).verification?.donationType).toBe('others');
    expect(stateAfter([pledged, proof(), withType('corpus')]).verification?.donationType).toBe('corpus');
  });
});

describe('decideRecordPanName', () => {
  const record = deciderSpec({ decide: decideRecordPanName, evolve: evolveDonation, initialState: noDonation });
  const panName: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'kamla' };
  const command = (panNameKey: string) => ({ reference, panName, panNameKey, recordedBy: 'SH1000900', now });
  const recordedName = (panNameKey: string): DonorPanNameRecorded => ({ type: 'DonorPanNameRecorded', data: { reference, panName, panNameKey, recordedBy: 'SH1000900', recordedAt: at } });
  const withPan: DonationPledged = { ...pledged, data: { ...pledged.data, hasPan: true } };
  const recordedId: DonorIdentificationRecorded = {
    type: 'DonorIdentificationRecorded',
    data: { reference, kind: 'aadhaar', number: panName, numberKey: 'id-key', recordedBy: 'SH1000900', recordedAt: at },
  };

  it('records the name for a donation with a PAN, or with an ID finance recorded, and a correction after it', () => {
    record([withPan, proof(), verified]).when(command('key-1')).then([recordedName('key-1')]);
    record([pledged, proof(), verified, recordedId]).when(command('key-1')).then([recordedName('key-1')]);
    record([withPan, proof(), verified, recordedName('key-1')]).when(command('key-2')).then([recordedName('key-2')]);
  });

  it('records nothing for the same name again', () => {
    record([withPan, proof(), verified, recordedName('key-1')]).when(command('key-1')).thenNothing();
  });

  it('is refused without an ID, for a donation that does not exist, and for an erased donor', () => {
    record([pledged, proof(), verified]).when(command('key-1')).thenRefuses('CONFLICT', PAN_NAME_WITHOUT_ID);
    record([]).when(command('key-1')).thenRefuses('NOT_FOUND', DONATION_NOT_FOUND);
    record([withPan, proof(), verified, erased]).when(command('key-1')).thenRefuses('CONFLICT', DONOR_ERASED);
  });

  it('asks, before anything is sealed, the same question the decision does', () => {
    expect(hasPanNameToRecord({ panNameKey: 'key-1' }, stateAfter([withPan, recordedName('key-1')]))).toBe(false);
    expect(hasPanNameToRecord({ panNameKey: 'key-2' }, stateAfter([withPan, recordedName('key-1')]))).toBe(true);
    expect(refusalOf(() => hasPanNameToRecord({ panNameKey: 'key-1' }, stateAfter([pledged]))).code).toBe('CONFLICT');
  });
});

describe('decideRecordOffline', () => {
  const slot: SerialSlot = { streamId: 'receipt-serials-SAHAY-2026-27', prefix: 'SAHAY', financialYear: '2026-27', version: 41 };
  const spec = deciderSpec({
    decide: (command: Parameters<typeof decideRecordOffline>[0] & { referrer?: PledgeState['referrer'] }, state: DonationState) =>
      decideRecordOffline(command, { ...newPledge, exists: state.exists, referrer: command.referrer === undefined ? newPledge.referrer : command.referrer, serial: slot }),
    evolve: evolveDonation,
    initialState: noDonation,
  });
  const offlinePledge: PledgeCommand = { ...pledgeCommand, memberId: null, channel: 'offline', amountPaise: 5_000_00, now };
  const verification: VerificationCommand = { reference, receivedOn: '2026-04-12', mode: 'cash', instrumentNumber: null, issuer, now };

  it('pledges and verifies a gift received at the office in one decision, with the next serial; cash above ₹2,000 is noted', () => {
    const offlinePledged: DonationPledged = { ...pledged, data: { ...pledged.data, amountPaise: 5_000_00, memberId: null, channel: 'offline', pledgedAt: at } };
    spec([])
      .when({ pledge: offlinePledge, verification })
      .then([
        {
          streamId,
          events: [
            offlinePledged,
            {
              type: 'DonationVerified',
              data: {
                ...verified.data,
                amountPaise: 5_000_00,
                memberId: null,
                receivedOn: '2026-04-12',
                mode: 'cash',
                utr: null,
                receipt: { ...receipt, serial: 'SAHAY/2026-27/000042', number: 42, isCashAboveLimit: true },
              },
            },
          ],
        },
        { streamId: slot.streamId, events: [{ type: 'ReceiptSerialAllocated', data: { serial: 'SAHAY/2026-27/000042', number: 42, reference, allocatedAt: at } }] },
      ]);
  });

  it('refuses an unknown referrer, a date to come and a reference in use, as the two halves do', () => {
    spec([]).when({ pledge: offlinePledge, verification, referrer: null }).thenRefuses('BAD_REQUEST', INVALID_REFERRAL);
    spec([]).when({ pledge: offlinePledge, verification: { ...verification, receivedOn: '2026-04-20' } }).thenRefuses('BAD_REQUEST', RECEIVED_IN_FUTURE);
    spec([pledged]).when({ pledge: offlinePledge, verification }).thenRefuses('CONFLICT', REFERENCE_TAKEN);
  });

  // Issue 31: a cheque's or DD's bank and date, printed on the receipt beside its number.
  const cheque: VerificationCommand = { ...verification, mode: 'cheque', instrumentNumber: '004512', instrument: { bank: 'State Bank of India, Patna Main', date: '2026-01-12' } };
  const verifiedEvent = (events: ReturnType<typeof decideRecordOffline>) => events[0]!.events.find((event) => event.type === 'DonationVerified') as DonationVerified;

  it("records a cheque's bank and the date on it with the verification, for the receipt", () => {
    const events = decideRecordOffline({ pledge: offlinePledge, verification: cheque }, { ...newPledge, serial: slot });
    expect(verifiedEvent(events).data).toMatchObject({ mode: 'cheque', instrumentNumber: '004512', instrumentBank: 'State Bank of India, Patna Main', instrumentDate: '2026-01-12' });
    const withoutDetails = decideRecordOffline({ pledge: offlinePledge, verification: { ...cheque, instrument: undefined } }, { ...newPledge, serial: slot });
    expect(Object.keys(verifiedEvent(withoutDetails).data)).not.toContain('instrumentBank');
  });

  it('refuses a cheque dated after it was received, or more than 3 months before, and a bank for cash', () => {
    spec([]).when({ pledge: offlinePledge, verification: { ...cheque, instrument: { bank: 'SBI', date: '2026-04-13' } } }).thenRefuses('BAD_REQUEST', INSTRUMENT_DATE_IN_FUTURE);
    spec([]).when({ pledge: offlinePledge, verification: { ...cheque, instrument: { bank: 'SBI', date: '2026-01-11' } } }).thenRefuses('BAD_REQUEST', INSTRUMENT_DATE_TOO_OLD);
    spec([]).when({ pledge: offlinePledge, verification: { ...cheque, mode: 'dd', instrument: { bank: 'SBI', date: '2026-04-12' } } }).then(
      decideRecordOffline({ pledge: offlinePledge, verification: { ...cheque, mode: 'dd', instrument: { bank: 'SBI', date: '2026-04-12' } } }, { ...newPledge, serial: slot }),
    );
    spec([]).when({ pledge: offlinePledge, verification: { ...verification, instrument: { bank: 'SBI', date: '2026-04-01' } } }).thenRefuses('BAD_REQUEST', INSTRUMENT_DETAILS_NOT_ALLOWED);
  });

  it('counts three months as calendar months, to the last day of a shorter month', () => {
    expect(instrumentValidUntil('2026-01-12')).toBe('2026-04-12');
    expect(instrumentValidUntil('2025-11-30')).toBe('2026-02-28');
    expect(instrumentValidUntil('2023-11-30')).toBe('2024-02-29');
    expect(instrumentValidUntil('2026-12-31')).toBe('2027-03-31');
  });
});

describe('decideRecordDonorId', () => {
  const record = deciderSpec({ decide: decideRecordDonorId, evolve: evolveDonation, initialState: noDonation });
  const number: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'passport' };
  const command = (kind: OtherDonorIdKind, numberKey: string) => ({ reference, kind, number, numberKey, recordedBy: 'SH1000900', now });
  const recordedId = (kind: OtherDonorIdKind, numberKey: string): DonorIdentificationRecorded => ({
    type: 'DonorIdentificationRecorded',
    data: { reference, kind, number, numberKey, recordedBy: 'SH1000900', recordedAt: at },
  });
  const [kind, otherKind] = OTHER_DONOR_ID_KINDS;

  it('records an ID of the donor, and a different one after it (the latest is used)', () => {
    record([pledged, proof(), verified]).when(command(kind, 'key-1')).then([recordedId(kind, 'key-1')]);
    record([pledged, proof(), verified, recordedId(kind, 'key-1')]).when(command(kind, 'key-2')).then([recordedId(kind, 'key-2')]);
    record([pledged, proof(), verified, recordedId(kind, 'key-1')]).when(command(otherKind, 'key-1')).then([recordedId(otherKind, 'key-1')]);
  });

  it('records nothing for the same ID again', () => {
    record([pledged, proof(), verified, recordedId(kind, 'key-1')]).when(command(kind, 'key-1')).thenNothing();
  });

  it('is refused for a donation that does not exist, and for an erased donor', () => {
    record([]).when(command(kind, 'key-1')).thenRefuses('NOT_FOUND', DONATION_NOT_FOUND);
    record([pledged, proof(), verified, erased]).when(command(kind, 'key-1')).thenRefuses('CONFLICT', DONOR_ERASED);
  });

  it('asks, before anything is sealed, the same question the decision does', () => {
    expect(hasDonorIdToRecord({ kind, numberKey: 'key-1' }, fold({ evolve: evolveDonation, initialState: noDonation }, [pledged, recordedId(kind, 'key-1')]))).toBe(false);
    expect(hasDonorIdToRecord({ kind, numberKey: 'key-2' }, fold({ evolve: evolveDonation, initialState: noDonation }, [pledged, recordedId(kind, 'key-1')]))).toBe(true);
    expect(refusalOf(() => hasDonorIdToRecord({ kind, numberKey: 'key-1' }, noDonation)).code).toBe('NOT_FOUND');
  });
});

describe('decideShredRetainedReceipt', () => {
  const shred = deciderSpec({ decide: decideShredRetainedReceipt, evolve: evolveRetention, initialState: noRetention });
  const record: Sealed = { $sealed: 1, subject: `donation-receipt-${reference}`, iv: 'iv', tag: 'tag', ct: 'receipt' };
  const retained: DonationStreamEvent = {
    type: 'DonationReceiptRetained',
    data: { reference, serial: 'SAHAY/2026-27/000007', financialYear: '2026-27', keptUntil: '2034-03-31', record, retainedAt: at },
  };
  const shredded: RetainedReceiptShredded = { type: 'RetainedReceiptShredded', data: { reference, shreddedAt: at } };

  it('shreds a kept receipt the day after its last day (in India), once', () => {
    shred([pledged, proof(), verified, retained]).when({ reference, today: '2034-04-01', now }).then([shredded]);
    shred([pledged, proof(), verified, retained, shredded]).when({ reference, today: '2034-04-02', now }).thenNothing();
  });

  it('keeps it until then, and records nothing for a donation with no kept receipt', () => {
    shred([pledged, proof(), verified, retained]).when({ reference, today: '2034-03-31', now }).thenNothing();
    shred([pledged, proof(), verified]).when({ reference, today: '2040-01-01', now }).thenNothing();
  });
});

describe('foreign contributions (FCRA 2010)', () => {
  const pledge = deciderSpec({
    decide: (command: PledgeCommand & { state?: Partial<PledgeState> }, state: DonationState) =>
      decidePledge(command, { ...newPledge, payment: withFcra, exists: state.exists, ...command.state }),
    evolve: evolveDonation,
    initialState: noDonation,
  });
  const foreign: PledgeCommand = { ...pledgeCommand, citizenship: 'foreign', country: 'US' };
  const foreignPledged: DonationPledged = { ...pledged, data: { ...pledged.data, citizenship: 'foreign', country: 'US' } };
  const noFcra = { payment } as const;

  it('refuses a foreign citizen’s gift while settings hold no FCRA registration, saying why and what to do instead', () => {
    const message = FOREIGN_WITHOUT_FCRA.replace('{contact}', payment.contact);
    pledge([]).when({ ...foreign, state: noFcra }).thenRefuses('BAD_REQUEST', message);
    // Without a country too: the registration is what is missing, not the country.
    pledge([]).when({ ...foreign, country: null, state: noFcra }).thenRefuses('BAD_REQUEST', message);
    expect(refusalOf(() => decidePledge(foreign, { ...newPledge, payment })).fieldErrors).toEqual({ citizenship: [message] });
    pledge([]).when({ ...foreign, state: { payment: { ...payment, contact: '' } } }).thenRefuses('BAD_REQUEST', FOREIGN_WITHOUT_FCRA_NO_CONTACT);
    // Offline, at the office, the same.
    pledge([]).when({ ...foreign, channel: 'offline', state: noFcra }).thenRefuses('BAD_REQUEST', message);
  });

  it('refuses a foreign citizen’s gift once the registration’s last day in settings has passed, online and at the office', () => {
    const message = FOREIGN_WITHOUT_FCRA.replace('{contact}', payment.contact);
    // The pledge is made on 2026-04-10 in India.
    expect(indiaDateOf(foreign.now)).toBe('2026-04-10');
    const lapsed = { payment: { ...withFcra, fcra: { ...withFcra.fcra!, validUntil: '2026-04-09' } } };
    pledge([]).when({ ...foreign, state: lapsed }).thenRefuses('BAD_REQUEST', message);
    pledge([]).when({ ...foreign, channel: 'offline', state: lapsed }).thenRefuses('BAD_REQUEST', message);
    pledge([]).when({ ...foreign, state: { payment: { ...withFcra, fcra: { ...withFcra.fcra!, validUntil: '2026-04-10' } } } }).then([foreignPledged]);
  });

  it('records a foreign citizen’s pledge with the country once registered; a country is required and a help request refused', () => {
    pledge([]).when(foreign).then([foreignPledged]);
    expect(isForeignContribution(fold(donation, [foreignPledged]))).toBe(true);
    expect(fold(donation, [foreignPledged])).toMatchObject({ citizenship: 'foreign', country: 'US' });
    pledge([]).when({ ...foreign, country: null }).thenRefuses('BAD_REQUEST', COUNTRY_REQUIRED);
    pledge([]).when({ ...foreign, helpRequestId: 'HELP2345' }).thenRefuses('BAD_REQUEST', FOREIGN_GIFT_FOR_HELP_REQUEST);
  });

  it('records an Indian citizen’s declaration, and no citizenship at all when none was declared (treated as domestic)', () => {
    pledge([]).when({ ...pledgeCommand, citizenship: 'indian', state: noFcra }).then([{ ...pledged, data: { ...pledged.data, citizenship: 'indian' } }]);
    // A country sent with an Indian citizen is not recorded (the schema refuses it before; the decision never keeps it).
    pledge([]).when({ ...pledgeCommand, citizenship: 'indian', country: 'US' }).then([{ ...pledged, data: { ...pledged.data, citizenship: 'indian' } }]);
    pledge([]).when({ ...pledgeCommand, state: noFcra }).then([pledged]);
    expect('citizenship' in pledged.data).toBe(false);
    expect(isForeignContribution(fold(donation, [pledged]))).toBe(false);
  });

  it('names the FCRA account, never the domestic one, when a foreign gift is above the online limit', () => {
    const message = ONLINE_LIMIT_WITH_BANK.replace('{accountName}', fcraAccount.accountName)
      .replace('{accountNumber}', fcraAccount.accountNumber)
      .replace('{ifsc}', fcraAccount.ifsc)
      .replace('{contact}', payment.contact);
    pledge([]).when({ ...foreign, amountPaise: 10_00_000_01 }).thenRefuses('BAD_REQUEST', message);
  });

  const foreignSlot = (version: number | null): SerialSlot => ({ streamId: 'receipt-serials-SAHAY-FC-2026-27', prefix: 'SAHAY-FC', financialYear: '2026-27', version, isForeignSeries: true });
  const verifyCommand: VerificationCommand = { reference, receivedOn: '2026-04-11', mode: 'bank-transfer', instrumentNumber: null, issuer, now };
  const verify = deciderSpec({
    decide: (command: VerificationCommand & { slot?: SerialSlot }, state: DonationState) =>
      decideVerify(command, { donation: state, serial: command.slot ?? foreignSlot(null), utr: state.proof ? { value: state.proof.utr, streamId: 'donation-utr-key', claim: { claimedBy: null }, isHolderCancelled: false } : null, instrument: null }),
    evolve: evolveDonation,
    initialState: noDonation,
  });
  const foreignVerified: DonationVerified = {
    type: 'DonationVerified',
    data: {
      ...verified.data,
      mode: 'bank-transfer',
      receipt: { ...receipt, serial: 'SAHAY-FC/2026-27/000001', number: 1 },
      isForeignContribution: true,
    },
  };

  it('verifies a foreign contribution with the first serial of its own series, marked as foreign', () => {
    verify([foreignPledged, proof()])
      .when(verifyCommand)
      .then([
        { streamId, events: [foreignVerified] },
        { streamId: 'receipt-serials-SAHAY-FC-2026-27', events: [{ type: 'ReceiptSerialAllocated', data: { serial: 'SAHAY-FC/2026-27/000001', number: 1, reference, allocatedAt: at } }] },
        { streamId: 'donation-utr-key', events: [{ type: 'UtrClaimed', data: { reference, claimedAt: at } }] },
      ]);
  });

  it('freezes the FCRA registration on a foreign contribution’s receipt and the Form 10BD due day on a domestic one, never the other', () => {
    const both: ReceiptIssuer = { ...issuer, form10bdDueOn: '05-31', fcraRegistrationNumber: '231650123' };
    const issuedWith = (events: DonationStreamEvent[], slot: SerialSlot) => {
      const [batch] = decideVerify({ ...verifyCommand, issuer: both }, { donation: fold(donation, events), serial: slot, utr: null, instrument: null });
      return (batch!.events[0] as DonationVerified).data.receipt.issuer;
    };
    expect(issuedWith([foreignPledged, proof()], foreignSlot(null))).toEqual({ ...issuer, fcraRegistrationNumber: '231650123' });
    expect(issuedWith([pledged, proof()], { streamId: 'receipt-serials-SAHAY-2026-27', prefix: 'SAHAY', financialYear: '2026-27', version: null })).toEqual({ ...issuer, form10bdDueOn: '05-31' });
    expect(receiptIssuerFor(issuer, true)).toEqual(issuer);
  });

  it('never numbers a foreign gift in the domestic series, nor a domestic gift in the foreign one', () => {
    const domesticSlot: SerialSlot = { streamId: 'receipt-serials-SAHAY-2026-27', prefix: 'SAHAY', financialYear: '2026-27', version: 6 };
    expect(() => fold(donation, [foreignPledged, proof()]) && decideVerify(verifyCommand, { donation: fold(donation, [foreignPledged, proof()]), serial: domesticSlot, utr: null, instrument: null })).toThrow(/wrong series/);
    expect(() => decideVerify(verifyCommand, { donation: fold(donation, [pledged, proof()]), serial: foreignSlot(3), utr: null, instrument: null })).toThrow(/wrong series/);
  });

  it('cancels a foreign contribution, saying it is one so that only the foreign totals give it back', () => {
    const cancel = deciderSpec({ decide: decideCancel, evolve: evolveDonation, initialState: noDonation });
    cancel([foreignPledged, proof(), foreignVerified])
      .when({ reference, reason: 'Cheque bounced', now })
      .then([{ type: 'DonationCancelled', data: { ...cancelled.data, isForeignContribution: true } }]);
  });

  it('records a foreign gift at the office in the foreign series once registered, and refuses it without a registration', () => {
    const offline = deciderSpec({
      decide: (command: Parameters<typeof decideRecordOffline>[0] & { payment: PaymentSettings }, state: DonationState) =>
        decideRecordOffline(command, { ...newPledge, payment: command.payment, exists: state.exists, serial: foreignSlot(4) }),
      evolve: evolveDonation,
      initialState: noDonation,
    });
    const offlinePledge: PledgeCommand = { ...foreign, memberId: null, channel: 'offline', now };
    const verification: VerificationCommand = { reference, receivedOn: '2026-04-12', mode: 'cheque', instrumentNumber: null, issuer, now };
    offline([])
      .when({ pledge: offlinePledge, verification, payment })
      .thenRefuses('BAD_REQUEST', FOREIGN_WITHOUT_FCRA.replace('{contact}', payment.contact));
    offline([])
      .when({ pledge: offlinePledge, verification, payment: withFcra })
      .then([
        {
          streamId,
          events: [
            { ...foreignPledged, data: { ...foreignPledged.data, memberId: null, channel: 'offline', pledgedAt: at } },
            {
              type: 'DonationVerified',
              data: { ...foreignVerified.data, memberId: null, receivedOn: '2026-04-12', mode: 'cheque', utr: null, receipt: { ...receipt, serial: 'SAHAY-FC/2026-27/000005', number: 5 } },
            },
          ],
        },
        { streamId: 'receipt-serials-SAHAY-FC-2026-27', events: [{ type: 'ReceiptSerialAllocated', data: { serial: 'SAHAY-FC/2026-27/000005', number: 5, reference, allocatedAt: at } }] },
      ]);
  });
});
