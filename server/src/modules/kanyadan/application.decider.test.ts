import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { deciderSpec, fold, refusalOf } from '#server/testing/deciders/decider-spec';
import {
  ALREADY_DISBURSED,
  ALREADY_REJECTED,
  ALREADY_VERIFIED,
  OPEN_EVERY_DOCUMENT,
  APPLICATION_ERASED,
  APPLICATION_NOT_FOUND,
  BENEFIT_ALREADY_APPROVED,
  BENEFIT_ALREADY_REQUESTED,
  BENEFIT_RANGE_BROKEN,
  benefitOutOfRange,
  decideApproveBenefit,
  decideDisburse,
  decideDocumentResult,
  decideErase,
  decideRecordFee,
  decideReject,
  decideRequestBenefit,
  decideSubmitFeeProof,
  decideVerify,
  evolveApplication,
  FEE_ALREADY_PAID,
  FEE_NOT_PAID,
  FEE_PAID_ON_TOO_EARLY,
  MARRIAGE_DATE_PAST,
  NO_FEE_DUE,
  noApplication,
  NOT_APPROVED_FOR_DISBURSAL,
  NOT_REQUESTED_FOR_APPROVAL,
  NOT_VERIFIED_FOR_BENEFIT,
  PAID_ON_FUTURE,
  PAID_ON_TOO_EARLY,
  TOO_YOUNG_FOR_BENEFIT,
  UTR_USED,
  type ApplicationState,
  type BenefitRequestCommand,
  decideRecordPayment,
} from './application.decider.ts';
import {
  kanyadanStreamId,
  type KanyadanApplicationEvent,
  type KanyadanApplicationRejected,
  type KanyadanApplicationSubmitted,
  type KanyadanApplicationVerified,
  type KanyadanBenefitApproved,
  type KanyadanBenefitDisbursed,
  type KanyadanBenefitRequested,
  type KanyadanDocumentProcessed,
  type KanyadanDocumentRejected,
  type KanyadanFeePaid,
  type KanyadanFeeProofSubmitted,
  type PersonalDataErased,
  type KanyadanUtrClaimed,
} from './kanyadan.events.ts';

// ---- the application's life, in the order PRODUCT.md §7 draws it ----

const regNo = 'KNYDN0000042';
const streamId = kanyadanStreamId(regNo);
const applicant: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'applicant' };
const details: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'bank-and-marriage-date' };
const note: Sealed = { $sealed: 1, subject: streamId, iv: 'iv', tag: 'tag', ct: 'note' };
const birthCertificateUpload = '0190c3a4-0000-7000-8000-000000000001';
const photoUpload = '0190c3a4-0000-7000-8000-000000000002';
const proofUpload = '0190c3a4-0000-7000-8000-000000000003';
const fileId = '0190c3a4-0000-7000-8000-0000000000f1';

/** Submitted 1 June 2027, 09:30 in India; the girl is 14, so 18 by the benefit in 2031. */
const submittedAt = '2027-06-01T04:00:00.000Z';
const feeNow = new Date('2027-06-10T06:00:00.000Z');
const decisionNow = new Date('2027-06-15T06:00:00.000Z');
const requestNow = new Date('2031-06-20T06:00:00.000Z');
/** 20:00 UTC on 1 July is 01:30 on 2 July in India. */
const approvedAt = '2031-07-01T20:00:00.000Z';
const disburseNow = new Date('2031-07-10T06:00:00.000Z');
const fee = 10_000;
const minPaise = 2_100_000;
const maxPaise = 5_100_000;
const approvedAmount = 3_100_000;

const submitted = (feePaise = 0, at = submittedAt): KanyadanApplicationSubmitted => ({
  type: 'KanyadanApplicationSubmitted',
  data: {
    regNo,
    applicant,
    state: 'rajasthan',
    district: 'Jaipur',
    ageYears: 14,
    consent: { given: true, textVersion: 'kanyadan-consent-2026-11' },
    documents: [
      { kind: 'birthCertificate', uploadId: birthCertificateUpload, mediaType: 'application/pdf', bytes: 1000 },
      { kind: 'photo', uploadId: photoUpload, mediaType: 'image/jpeg', bytes: 2000 },
    ],
    feePaise,
    submittedAt: at,
  },
});
const feePaid: KanyadanFeePaid = { type: 'KanyadanFeePaid', data: { regNo, amountPaise: fee, utr: 'FEE000000001', paidOn: '2027-06-02', recordedAt: feeNow.toISOString() } };
const verified: KanyadanApplicationVerified = {
  type: 'KanyadanApplicationVerified',
  data: { regNo, state: 'rajasthan', district: 'Jaipur', verifiedAt: decisionNow.toISOString() },
};
const rejected: KanyadanApplicationRejected = {
  type: 'KanyadanApplicationRejected',
  data: { regNo, reason: 'documents-unclear', note, rejectedAt: decisionNow.toISOString() },
};
const benefitRequested: KanyadanBenefitRequested = {
  type: 'KanyadanBenefitRequested',
  data: {
    regNo,
    requestedOn: '2031-06-20',
    details,
    proofs: [{ kind: 'marriageProof', uploadId: proofUpload, mediaType: 'image/png', bytes: 3000 }],
    requestedAt: requestNow.toISOString(),
  },
};
const approved: KanyadanBenefitApproved = { type: 'KanyadanBenefitApproved', data: { regNo, amountPaise: approvedAmount, approvedAt } };
const disbursed: KanyadanBenefitDisbursed = {
  type: 'KanyadanBenefitDisbursed',
  data: { regNo, amountPaise: approvedAmount, utr: 'BEN000000001', paidOn: '2031-07-03', district: 'Jaipur', disbursedAt: disburseNow.toISOString() },
};
const erased: PersonalDataErased = { type: 'PersonalDataErased', data: { subjectId: streamId, erasedAt: disburseNow.toISOString(), reason: 'The family asked' } };

type History = readonly KanyadanApplicationEvent[];
const noFee: History = [submitted()];
const pending: History = [submitted(fee)];
const paid: History = [...pending, feePaid];
const verifiedApp: History = [...noFee, verified];
const verifiedAfterFee: History = [...paid, verified];
const rejectedApp: History = [...noFee, rejected];
const rejectedWhilePending: History = [...pending, rejected];
const requested: History = [...verifiedApp, benefitRequested];
const approvedApp: History = [...requested, approved];
const disbursedApp: History = [...approvedApp, disbursed];

// ---- commands ----

const feeCommand = (overrides: Partial<Parameters<typeof decideRecordFee>[0]> = {}) => ({
  regNo,
  utr: 'FEE000000001',
  paidOn: '2027-06-02',
  isUtrUsed: false,
  now: feeNow,
  ...overrides,
});
const verifyCommand = { regNo, now: decisionNow, openedByVerifier: new Set(['birthCertificate', 'photo'] as const) };
const rejectCommand = { regNo, reason: 'documents-unclear' as const, note, now: decisionNow };
const benefitCommand = (overrides: Partial<BenefitRequestCommand> = {}): BenefitRequestCommand => ({
  regNo,
  marriageDate: '2031-07-15',
  details,
  proofs: [{ kind: 'marriageProof', uploadId: proofUpload, mediaType: 'image/png', bytes: 3000 }],
  ageOnRequest: 18,
  now: requestNow,
  ...overrides,
});
const approveCommand = (amountPaise = approvedAmount, range = { minPaise, maxPaise }) => ({ regNo, amountPaise, range, now: new Date(approvedAt) });
const disburseCommand = (overrides: Partial<Parameters<typeof decideDisburse>[0]> = {}) => ({
  regNo,
  utr: 'BEN000000001',
  paidOn: '2031-07-03',
  isUtrUsed: false,
  now: disburseNow,
  ...overrides,
});
const eraseCommand = { regNo, subjectId: streamId, reason: 'The family asked', now: disburseNow };
const documentCommand = (overrides: Partial<Parameters<typeof decideDocumentResult>[0]> = {}): Parameters<typeof decideDocumentResult>[0] => ({
  regNo,
  kind: 'birthCertificate',
  uploadId: birthCertificateUpload,
  outcome: { fileId, mediaType: 'application/pdf', pages: 2 },
  now: feeNow,
  ...overrides,
});

const application = { evolve: evolveApplication, initialState: noApplication };
const stateAfter = (events: History): ApplicationState => fold(application, events);

const recordFee = deciderSpec({ ...application, decide: decideRecordFee });
const verify = deciderSpec({ ...application, decide: decideVerify });
const reject = deciderSpec({ ...application, decide: decideReject });
const requestBenefit = deciderSpec({ ...application, decide: decideRequestBenefit });
const approve = deciderSpec({ ...application, decide: decideApproveBenefit });
const disburse = deciderSpec({ ...application, decide: decideDisburse });
const erase = deciderSpec({ ...application, decide: decideErase });
const documentResult = deciderSpec({ ...application, decide: decideDocumentResult });

// ---- the expected events ----

const feePaidEvent = (utr = 'FEE000000001', paidOn = '2027-06-02', now = feeNow): KanyadanFeePaid => ({
  type: 'KanyadanFeePaid',
  data: { regNo, amountPaise: fee, utr, paidOn, recordedAt: now.toISOString() },
});
const approvedEvent = (amountPaise: number): KanyadanBenefitApproved => ({ type: 'KanyadanBenefitApproved', data: { regNo, amountPaise, approvedAt } });
const disbursedEvent = (paidOn: string, now = disburseNow): KanyadanBenefitDisbursed => ({
  type: 'KanyadanBenefitDisbursed',
  data: { regNo, amountPaise: approvedAmount, utr: 'BEN000000001', paidOn, district: 'Jaipur', disbursedAt: now.toISOString() },
});

describe('evolveApplication', () => {
  it('starts as no application', () => {
    expect(stateAfter([])).toEqual(noApplication);
    expect(noApplication).toMatchObject({ exists: false, status: null, isErased: false });
  });

  it('folds a submission without a fee into a submitted application, with its documents waiting for the job', () => {
    expect(stateAfter(noFee)).toEqual({
      ...noApplication,
      exists: true,
      regNo,
      status: 'submitted',
      state: 'rajasthan',
      district: 'Jaipur',
      ageYears: 14,
      feePaise: 0,
      applicant,
      submittedAt,
      documents: {
        birthCertificate: { uploadId: birthCertificateUpload, status: 'processing', mediaType: 'application/pdf', fileId: null, pages: 0, reason: null },
        photo: { uploadId: photoUpload, status: 'processing', mediaType: 'image/jpeg', fileId: null, pages: 0, reason: null },
      },
    });
  });

  it('folds a submission with a fee into payment pending, keeping the fee, and the fee paid into paid', () => {
    expect(stateAfter(pending)).toMatchObject({ status: 'payment_pending', feePaise: fee });
    expect(stateAfter([submitted(1)]).status).toBe('payment_pending');
    expect(stateAfter(paid)).toMatchObject({ status: 'paid', feePaise: fee });
  });

  it('moves to verified, and to rejected with the reason and the note', () => {
    expect(stateAfter(verifiedApp)).toMatchObject({ status: 'verified', rejection: null });
    expect(stateAfter(verifiedAfterFee).status).toBe('verified');
    expect(stateAfter(rejectedApp)).toMatchObject({ status: 'rejected', rejection: { reason: 'documents-unclear', note } });
    expect(stateAfter(rejectedWhilePending).status).toBe('rejected');
  });

  it('records the benefit request with its proofs waiting for the job, then the approved amount, then the payment', () => {
    const benefit = { requestedOn: '2031-06-20', details };
    expect(stateAfter(requested)).toMatchObject({
      status: 'benefit_requested',
      benefit: { ...benefit, amountPaise: null, approvedAt: null, utr: null, paidOn: null },
      documents: { marriageProof: { uploadId: proofUpload, status: 'processing', mediaType: 'image/png', fileId: null } },
    });
    expect(stateAfter(approvedApp)).toMatchObject({ status: 'benefit_approved', benefit: { ...benefit, amountPaise: approvedAmount, approvedAt, utr: null, paidOn: null } });
    expect(stateAfter(disbursedApp)).toMatchObject({
      status: 'disbursed',
      benefit: { ...benefit, amountPaise: approvedAmount, approvedAt, utr: 'BEN000000001', paidOn: '2031-07-03' },
    });
  });

  it('records a processed document as ready and a rejected one as rejected with its reason; a rejection for no document changes nothing', () => {
    const processed: KanyadanDocumentProcessed = {
      type: 'KanyadanDocumentProcessed',
      data: { regNo, kind: 'birthCertificate', uploadId: birthCertificateUpload, fileId, mediaType: 'application/pdf', pages: 2, processedAt: feeNow.toISOString() },
    };
    const refused: KanyadanDocumentRejected = {
      type: 'KanyadanDocumentRejected',
      data: { regNo, kind: 'photo', uploadId: photoUpload, reason: 'too-many-pixels', rejectedAt: feeNow.toISOString() },
    };
    const state = stateAfter([...noFee, processed, refused]);
    expect(state.documents.birthCertificate).toEqual({ uploadId: birthCertificateUpload, status: 'ready', mediaType: 'application/pdf', fileId, pages: 2, reason: null });
    expect(state.documents.photo).toEqual({ uploadId: photoUpload, status: 'rejected', mediaType: 'image/jpeg', fileId: null, pages: 0, reason: 'too-many-pixels' });
    const stray: KanyadanDocumentRejected = { type: 'KanyadanDocumentRejected', data: { ...refused.data, kind: 'girlAadhaar' } };
    expect(stateAfter([...noFee, stray])).toEqual(stateAfter(noFee));
  });

  it('forgets the applicant and the documents on erasure and keeps the status, the place and the amounts', () => {
    const state = stateAfter([...disbursedApp, erased]);
    expect(state).toMatchObject({ isErased: true, applicant: null, documents: {}, status: 'disbursed', state: 'rajasthan', district: 'Jaipur', benefit: { amountPaise: approvedAmount } });
  });
});

describe('any command', () => {
  const commands = {
    recordFee: (given: History) => recordFee(given).when(feeCommand()),
    verify: (given: History) => verify(given).when(verifyCommand),
    reject: (given: History) => reject(given).when(rejectCommand),
    requestBenefit: (given: History) => requestBenefit(given).when(benefitCommand()),
    approveBenefit: (given: History) => approve(given).when(approveCommand()),
    disburse: (given: History) => disburse(given).when(disburseCommand()),
    erase: (given: History) => erase(given).when(eraseCommand),
  };

  it.each(Object.entries(commands))('%s on an application that does not exist is refused as not found', (_, when) => {
    when([]).thenRefuses('NOT_FOUND', APPLICATION_NOT_FOUND);
  });

  // Each history is one on which the command succeeds (one event), so the refusal is the erasure's.
  it.each([
    ['recordFee', pending, commands.recordFee, (state: ApplicationState) => decideRecordFee(feeCommand(), state)],
    ['verify', noFee, commands.verify, (state: ApplicationState) => decideVerify(verifyCommand, state)],
    ['reject', pending, commands.reject, (state: ApplicationState) => decideReject(rejectCommand, state)],
    ['requestBenefit', verifiedApp, commands.requestBenefit, (state: ApplicationState) => decideRequestBenefit(benefitCommand(), state)],
    ['approveBenefit', requested, commands.approveBenefit, (state: ApplicationState) => decideApproveBenefit(approveCommand(), state)],
    ['disburse', approvedApp, commands.disburse, (state: ApplicationState) => decideDisburse(disburseCommand(), state)],
  ] as const)('%s after the personal data was erased is refused', (_, history, when, decide) => {
    expect(decide(stateAfter(history))).toHaveLength(1);
    when([...history, erased]).thenRefuses('CONFLICT', APPLICATION_ERASED);
  });
});

describe('decideRecordFee', () => {
  it('records the fee in force, from a payment pending application', () => {
    recordFee(pending).when(feeCommand()).then([feePaidEvent()]);
  });

  it('takes a payment made today in India (UTC already past midnight there) and on the day of submission', () => {
    const lateEvening = new Date('2027-06-10T19:00:00.000Z'); // 00:30 on 11 June in India
    recordFee(pending).when(feeCommand({ paidOn: '2027-06-11', now: lateEvening })).then([feePaidEvent('FEE000000001', '2027-06-11', lateEvening)]);
    recordFee(pending).when(feeCommand({ paidOn: '2027-06-01' })).then([feePaidEvent('FEE000000001', '2027-06-01')]);
  });

  it('is refused when no fee is due, and when the fee is already recorded', () => {
    recordFee(noFee).when(feeCommand()).thenRefuses('CONFLICT', NO_FEE_DUE);
    recordFee(verifiedApp).when(feeCommand()).thenRefuses('CONFLICT', NO_FEE_DUE);
    recordFee(paid).when(feeCommand()).thenRefuses('CONFLICT', FEE_ALREADY_PAID);
    recordFee(verifiedAfterFee).when(feeCommand()).thenRefuses('CONFLICT', FEE_ALREADY_PAID);
  });

  it('is refused after the application was rejected while the fee was pending', () => {
    // The message today is FEE_ALREADY_PAID, which is not true of this application (see the report).
    recordFee(rejectedWhilePending).when(feeCommand()).thenRefuses('CONFLICT');
  });

  it('refuses a payment date in the future in India, at the paidOn field', () => {
    recordFee(pending).when(feeCommand({ paidOn: '2027-06-11' })).thenRefuses('BAD_REQUEST', PAID_ON_FUTURE);
    expect(refusalOf(() => decideRecordFee(feeCommand({ paidOn: '2027-06-11' }), stateAfter(pending))).fieldErrors).toEqual({ paidOn: [PAID_ON_FUTURE] });
  });

  it('refuses a payment date before the day of submission in India', () => {
    recordFee(pending).when(feeCommand({ paidOn: '2027-05-31' })).thenRefuses('BAD_REQUEST', FEE_PAID_ON_TOO_EARLY);
    expect(refusalOf(() => decideRecordFee(feeCommand({ paidOn: '2027-05-31' }), stateAfter(pending))).fieldErrors).toEqual({ paidOn: [FEE_PAID_ON_TOO_EARLY] });
    // Submitted at 20:00 UTC on 31 May, which is 1 June in India: 31 May is before it.
    const submittedLate = [submitted(fee, '2027-05-31T20:00:00.000Z')];
    recordFee(submittedLate).when(feeCommand({ paidOn: '2027-05-31' })).thenRefuses('BAD_REQUEST', FEE_PAID_ON_TOO_EARLY);
    recordFee(submittedLate).when(feeCommand({ paidOn: '2027-06-01' })).then([feePaidEvent('FEE000000001', '2027-06-01')]);
  });

  it('refuses a UTR already recorded for another payment, at the utr field', () => {
    recordFee(pending).when(feeCommand({ isUtrUsed: true })).thenRefuses('CONFLICT', UTR_USED);
    expect(refusalOf(() => decideRecordFee(feeCommand({ isUtrUsed: true }), stateAfter(pending))).fieldErrors).toEqual({ utr: [UTR_USED] });
  });
});

describe('decideVerify', () => {
  const verifiedEvent: KanyadanApplicationVerified = {
    type: 'KanyadanApplicationVerified',
    data: { regNo, state: 'rajasthan', district: 'Jaipur', verifiedAt: decisionNow.toISOString() },
  };

  it('verifies a submitted application, copying its state and district for the counters', () => {
    verify(noFee).when(verifyCommand).then([verifiedEvent]);
  });

  it('verifies a paid application', () => {
    verify(paid).when(verifyCommand).then([verifiedEvent]);
  });

  it('is refused to a verifier who has not opened every document, naming those left (issue 32)', () => {
    const photoProcessed: KanyadanDocumentProcessed = {
      type: 'KanyadanDocumentProcessed',
      data: { regNo, kind: 'photo', uploadId: photoUpload, fileId: 'file-photo', mediaType: 'image/webp', pages: 1, processedAt: feeNow.toISOString() },
    };
    const birthProcessed: KanyadanDocumentProcessed = {
      type: 'KanyadanDocumentProcessed',
      data: { regNo, kind: 'birthCertificate', uploadId: birthCertificateUpload, fileId: 'file-birth', mediaType: 'application/pdf', pages: 2, processedAt: feeNow.toISOString() },
    };
    const ready: History = [...noFee, photoProcessed, birthProcessed];
    const refusal = { code: 'CONFLICT' as const, userMessage: OPEN_EVERY_DOCUMENT };
    verify(ready).when({ ...verifyCommand, openedByVerifier: new Set(['birthCertificate'] as const) }).thenRefuses(refusal.code, refusal.userMessage);
    expect(refusalOf(() => decideVerify({ ...verifyCommand, openedByVerifier: new Set(['birthCertificate'] as const) }, stateAfter(ready)))).toMatchObject({ fieldErrors: { documents: ['photo'] } });
    expect(refusalOf(() => decideVerify({ ...verifyCommand, openedByVerifier: new Set() }, stateAfter(ready)))).toMatchObject({ fieldErrors: { documents: ['birthCertificate', 'photo'] } });
    // A document still being processed has not been opened either: verification waits for it.
    verify([...noFee, photoProcessed]).when({ ...verifyCommand, openedByVerifier: new Set(['photo'] as const) }).thenRefuses(refusal.code, refusal.userMessage);
    // One that could not be processed has nothing to open.
    const birthRefused: KanyadanDocumentRejected = {
      type: 'KanyadanDocumentRejected',
      data: { regNo, kind: 'birthCertificate', uploadId: birthCertificateUpload, reason: 'unreadable', rejectedAt: feeNow.toISOString() },
    };
    verify([...noFee, photoProcessed, birthRefused]).when({ ...verifyCommand, openedByVerifier: new Set(['photo'] as const) }).then([verifiedEvent]);
    verify(ready).when(verifyCommand).then([verifiedEvent]);
  });

  it('is refused while the fee is pending', () => {
    verify(pending).when(verifyCommand).thenRefuses('CONFLICT', FEE_NOT_PAID);
  });

  it('is refused once verified (also later in the benefit) or rejected', () => {
    verify(verifiedApp).when(verifyCommand).thenRefuses('CONFLICT', ALREADY_VERIFIED);
    verify(verifiedAfterFee).when(verifyCommand).thenRefuses('CONFLICT', ALREADY_VERIFIED);
    verify(requested).when(verifyCommand).thenRefuses('CONFLICT', ALREADY_VERIFIED);
    verify(approvedApp).when(verifyCommand).thenRefuses('CONFLICT', ALREADY_VERIFIED);
    verify(disbursedApp).when(verifyCommand).thenRefuses('CONFLICT', ALREADY_VERIFIED);
    verify(rejectedApp).when(verifyCommand).thenRefuses('CONFLICT', ALREADY_REJECTED);
    verify(rejectedWhilePending).when(verifyCommand).thenRefuses('CONFLICT', ALREADY_REJECTED);
  });
});

describe('decideReject', () => {
  const rejectedEvent: KanyadanApplicationRejected = {
    type: 'KanyadanApplicationRejected',
    data: { regNo, reason: 'documents-unclear', note, rejectedAt: decisionNow.toISOString() },
  };

  it('rejects a submitted or a paid application with the reason and the note', () => {
    reject(noFee).when(rejectCommand).then([rejectedEvent]);
    reject(paid).when(rejectCommand).then([rejectedEvent]);
    reject(noFee)
      .when({ ...rejectCommand, reason: 'not-eligible', note: null })
      .then([{ type: 'KanyadanApplicationRejected', data: { regNo, reason: 'not-eligible', note: null, rejectedAt: decisionNow.toISOString() } }]);
  });

  it('rejects while the fee is pending: an unpaid fee does not keep an ineligible application waiting', () => {
    reject(pending).when(rejectCommand).then([rejectedEvent]);
  });

  it('is refused once verified or rejected', () => {
    reject(verifiedApp).when(rejectCommand).thenRefuses('CONFLICT', ALREADY_VERIFIED);
    reject(requested).when(rejectCommand).thenRefuses('CONFLICT', ALREADY_VERIFIED);
    reject(disbursedApp).when(rejectCommand).thenRefuses('CONFLICT', ALREADY_VERIFIED);
    reject(rejectedApp).when(rejectCommand).thenRefuses('CONFLICT', ALREADY_REJECTED);
    reject(rejectedWhilePending).when(rejectCommand).thenRefuses('CONFLICT', ALREADY_REJECTED);
  });
});

describe('decideRequestBenefit', () => {
  // The marriage date is checked, then travels sealed in `details`: the event is the same for any date taken.
  const requestedEvent = (_marriageDate = '2031-07-15'): KanyadanBenefitRequested => ({
    type: 'KanyadanBenefitRequested',
    data: { ...benefitRequested.data },
  });

  it('records the request of a verified application, dated today in India, with the sealed account and the proofs', () => {
    requestBenefit(verifiedApp).when(benefitCommand()).then([requestedEvent()]);
    requestBenefit(verifiedAfterFee).when(benefitCommand()).then([requestedEvent()]);
    const lateEvening = new Date('2031-06-20T19:00:00.000Z'); // 00:30 on 21 June in India
    requestBenefit(verifiedApp)
      .when(benefitCommand({ now: lateEvening }))
      .then([{ type: 'KanyadanBenefitRequested', data: { ...benefitRequested.data, requestedOn: '2031-06-21', requestedAt: lateEvening.toISOString() } }]);
  });

  it('is refused for an application not verified', () => {
    for (const history of [noFee, pending, paid, rejectedApp, rejectedWhilePending]) {
      requestBenefit(history).when(benefitCommand()).thenRefuses('CONFLICT', NOT_VERIFIED_FOR_BENEFIT);
    }
  });

  it('is refused once requested, approved or paid out', () => {
    requestBenefit(requested).when(benefitCommand()).thenRefuses('CONFLICT', BENEFIT_ALREADY_REQUESTED);
    requestBenefit(approvedApp).when(benefitCommand()).thenRefuses('CONFLICT', BENEFIT_ALREADY_REQUESTED);
    requestBenefit(disbursedApp).when(benefitCommand()).thenRefuses('CONFLICT', BENEFIT_ALREADY_REQUESTED);
  });

  it('takes a girl of 18 and refuses one of 17, or of an age not known', () => {
    requestBenefit(verifiedApp).when(benefitCommand({ ageOnRequest: 18 })).then([requestedEvent()]);
    requestBenefit(verifiedApp).when(benefitCommand({ ageOnRequest: 17 })).thenRefuses('BAD_REQUEST', TOO_YOUNG_FOR_BENEFIT);
    requestBenefit(verifiedApp).when(benefitCommand({ ageOnRequest: null })).thenRefuses('BAD_REQUEST', TOO_YOUNG_FOR_BENEFIT);
  });

  it('takes a marriage today in India and refuses one yesterday, at the marriageDate field', () => {
    requestBenefit(verifiedApp).when(benefitCommand({ marriageDate: '2031-06-20' })).then([requestedEvent('2031-06-20')]);
    requestBenefit(verifiedApp).when(benefitCommand({ marriageDate: '2031-06-19' })).thenRefuses('BAD_REQUEST', MARRIAGE_DATE_PAST);
    expect(refusalOf(() => decideRequestBenefit(benefitCommand({ marriageDate: '2031-06-19' }), stateAfter(verifiedApp))).fieldErrors).toEqual({
      marriageDate: [MARRIAGE_DATE_PAST],
    });
    // At 00:30 on 21 June in India, 20 June is already past.
    requestBenefit(verifiedApp)
      .when(benefitCommand({ marriageDate: '2031-06-20', now: new Date('2031-06-20T19:00:00.000Z') }))
      .thenRefuses('BAD_REQUEST', MARRIAGE_DATE_PAST);
  });
});

describe('decideApproveBenefit', () => {
  const outOfRange = benefitOutOfRange(minPaise, maxPaise);

  it('says the range in rupees, grouped the Indian way', () => {
    expect(outOfRange).toBe('The benefit must be between ₹21,000 and ₹51,000.');
    expect(benefitOutOfRange(10_000_000, 25_000_050)).toBe('The benefit must be between ₹1,00,000 and ₹2,50,000.5.');
  });

  it('approves a requested benefit with the amount chosen', () => {
    approve(requested).when(approveCommand()).then([approvedEvent(approvedAmount)]);
  });

  it('takes exactly the minimum and exactly the maximum', () => {
    approve(requested).when(approveCommand(minPaise)).then([approvedEvent(minPaise)]);
    approve(requested).when(approveCommand(maxPaise)).then([approvedEvent(maxPaise)]);
    approve(requested).when(approveCommand(minPaise, { minPaise, maxPaise: minPaise })).then([approvedEvent(minPaise)]);
  });

  it('refuses an amount below the minimum or above the maximum, saying the range, at the amountPaise field', () => {
    approve(requested).when(approveCommand(minPaise - 1)).thenRefuses('BAD_REQUEST', outOfRange);
    approve(requested).when(approveCommand(maxPaise + 1)).thenRefuses('BAD_REQUEST', outOfRange);
    approve(requested).when(approveCommand(0)).thenRefuses('BAD_REQUEST', outOfRange);
    expect(refusalOf(() => decideApproveBenefit(approveCommand(maxPaise + 1), stateAfter(requested))).fieldErrors).toEqual({ amountPaise: [outOfRange] });
  });

  it('refuses when the settings give a minimum above the maximum, whatever the amount', () => {
    approve(requested).when(approveCommand(approvedAmount, { minPaise: maxPaise, maxPaise: minPaise })).thenRefuses('CONFLICT', BENEFIT_RANGE_BROKEN);
    approve(requested).when(approveCommand(minPaise, { minPaise: minPaise + 1, maxPaise: minPaise })).thenRefuses('CONFLICT', BENEFIT_RANGE_BROKEN);
  });

  it('is refused for a benefit not requested', () => {
    for (const history of [noFee, pending, paid, verifiedApp, rejectedApp]) {
      approve(history).when(approveCommand()).thenRefuses('CONFLICT', NOT_REQUESTED_FOR_APPROVAL);
    }
  });

  it('is refused once approved or paid out', () => {
    approve(approvedApp).when(approveCommand()).thenRefuses('CONFLICT', BENEFIT_ALREADY_APPROVED);
    approve(disbursedApp).when(approveCommand()).thenRefuses('CONFLICT', BENEFIT_ALREADY_APPROVED);
  });
});

describe('decideDisburse', () => {
  it('pays out the approved amount (not one of the command) with the district for the counters', () => {
    disburse(approvedApp).when(disburseCommand()).then([disbursedEvent('2031-07-03')]);
    const otherAmount: KanyadanBenefitApproved = { type: 'KanyadanBenefitApproved', data: { regNo, amountPaise: 4_400_000, approvedAt } };
    disburse([...requested, otherAmount])
      .when(disburseCommand())
      .then([{ type: 'KanyadanBenefitDisbursed', data: { ...disbursedEvent('2031-07-03').data, amountPaise: 4_400_000 } }]);
  });

  it('is refused for a benefit not approved', () => {
    for (const history of [noFee, pending, paid, verifiedApp, rejectedApp, requested]) {
      disburse(history).when(disburseCommand()).thenRefuses('CONFLICT', NOT_APPROVED_FOR_DISBURSAL);
    }
  });

  it('takes a payment on the day of the approval in India and refuses one the day before', () => {
    // Approved at 20:00 UTC on 1 July: 2 July in India.
    disburse(approvedApp).when(disburseCommand({ paidOn: '2031-07-02' })).then([disbursedEvent('2031-07-02')]);
    disburse(approvedApp).when(disburseCommand({ paidOn: '2031-07-01' })).thenRefuses('BAD_REQUEST', PAID_ON_TOO_EARLY);
    expect(refusalOf(() => decideDisburse(disburseCommand({ paidOn: '2031-07-01' }), stateAfter(approvedApp))).fieldErrors).toEqual({ paidOn: [PAID_ON_TOO_EARLY] });
  });

  it('refuses a payment date in the future in India and takes today', () => {
    disburse(approvedApp).when(disburseCommand({ paidOn: '2031-07-11' })).thenRefuses('BAD_REQUEST', PAID_ON_FUTURE);
    expect(refusalOf(() => decideDisburse(disburseCommand({ paidOn: '2031-07-11' }), stateAfter(approvedApp))).fieldErrors).toEqual({ paidOn: [PAID_ON_FUTURE] });
    disburse(approvedApp).when(disburseCommand({ paidOn: '2031-07-10' })).then([disbursedEvent('2031-07-10')]);
    const lateEvening = new Date('2031-07-10T19:00:00.000Z'); // 00:30 on 11 July in India
    disburse(approvedApp).when(disburseCommand({ paidOn: '2031-07-11', now: lateEvening })).then([disbursedEvent('2031-07-11', lateEvening)]);
  });

  it('refuses a UTR already recorded for another payment, at the utr field', () => {
    disburse(approvedApp).when(disburseCommand({ isUtrUsed: true })).thenRefuses('CONFLICT', UTR_USED);
    expect(refusalOf(() => decideDisburse(disburseCommand({ isUtrUsed: true }), stateAfter(approvedApp))).fieldErrors).toEqual({ utr: [UTR_USED] });
  });

  it('is refused the second time', () => {
    disburse(disbursedApp).when(disburseCommand()).thenRefuses('CONFLICT', ALREADY_DISBURSED);
    disburse(disbursedApp).when(disburseCommand({ utr: 'BEN000000002' })).thenRefuses('CONFLICT', ALREADY_DISBURSED);
  });
});

describe('decideErase', () => {
  const erasedEvent: PersonalDataErased = { type: 'PersonalDataErased', data: { subjectId: streamId, erasedAt: disburseNow.toISOString(), reason: 'The family asked' } };

  it('erases an application in any state', () => {
    for (const history of [noFee, pending, paid, verifiedApp, rejectedApp, requested, approvedApp, disbursedApp]) {
      erase(history).when(eraseCommand).then([erasedEvent]);
    }
  });

  it('does nothing the second time', () => {
    erase([...noFee, erased]).when(eraseCommand).thenNothing();
    erase([...disbursedApp, erased]).when(eraseCommand).thenNothing();
  });
});

describe('decideDocumentResult', () => {
  const processedEvent: KanyadanDocumentProcessed = {
    type: 'KanyadanDocumentProcessed',
    data: { regNo, kind: 'birthCertificate', uploadId: birthCertificateUpload, fileId, mediaType: 'application/pdf', pages: 2, processedAt: feeNow.toISOString() },
  };
  const rejectedEvent: KanyadanDocumentRejected = {
    type: 'KanyadanDocumentRejected',
    data: { regNo, kind: 'birthCertificate', uploadId: birthCertificateUpload, reason: 'unreadable', rejectedAt: feeNow.toISOString() },
  };

  it('records the result for the upload waiting', () => {
    documentResult(noFee).when(documentCommand()).then([processedEvent]);
    documentResult(requested)
      .when(documentCommand({ kind: 'marriageProof', uploadId: proofUpload, outcome: { fileId, mediaType: 'image/webp', pages: 1 } }))
      .then([
        {
          type: 'KanyadanDocumentProcessed',
          data: { regNo, kind: 'marriageProof', uploadId: proofUpload, fileId, mediaType: 'image/webp', pages: 1, processedAt: feeNow.toISOString() },
        },
      ]);
  });

  it('records a rejected outcome as a rejected document', () => {
    documentResult(noFee).when(documentCommand({ outcome: { rejected: 'unreadable' } })).then([rejectedEvent]);
  });

  it('records nothing for another upload, or a document not sent', () => {
    documentResult(noFee).when(documentCommand({ uploadId: '0190c3a4-0000-7000-8000-0000000000ff' })).thenNothing();
    documentResult(noFee).when(documentCommand({ uploadId: photoUpload })).thenNothing();
    documentResult(noFee).when(documentCommand({ kind: 'girlAadhaar' })).thenNothing();
  });

  it('records nothing the second time, whatever the first outcome was', () => {
    documentResult([...noFee, processedEvent]).when(documentCommand()).thenNothing();
    documentResult([...noFee, processedEvent]).when(documentCommand({ outcome: { rejected: 'unreadable' } })).thenNothing();
    documentResult([...noFee, rejectedEvent]).when(documentCommand()).thenNothing();
  });

  it('records nothing after the erasure, or for no application', () => {
    documentResult([...noFee, erased]).when(documentCommand()).thenNothing();
    documentResult([]).when(documentCommand()).thenNothing();
  });
});

describe('decideSubmitFeeProof', () => {
  const utr = '123456789012';
  const proofOf = (value: string): KanyadanFeeProofSubmitted => ({ type: 'KanyadanFeeProofSubmitted', data: { regNo, utr: value, submittedAt: feeNow.toISOString() } });
  const submitProof = deciderSpec({ ...application, decide: decideSubmitFeeProof });
  const command = (value = utr) => ({ regNo, utr: value, now: feeNow });

  it('records the family’s UTR while the fee waits; the same again records nothing; a corrected one replaces it', () => {
    submitProof(pending).when(command()).then([proofOf(utr)]);
    submitProof([...pending, proofOf(utr)]).when(command()).thenNothing();
    submitProof([...pending, proofOf(utr)]).when(command('998877665544')).then([proofOf('998877665544')]);
    expect(stateAfter([...pending, proofOf(utr)]).feeUtrGiven).toBe(utr);
  });

  it('is refused when no fee is due, once paid, once rejected, and after an erasure', () => {
    submitProof(noFee).when(command()).thenRefuses('CONFLICT', NO_FEE_DUE);
    submitProof(paid).when(command()).thenRefuses('CONFLICT', FEE_ALREADY_PAID);
    submitProof(rejectedWhilePending).when(command()).thenRefuses('CONFLICT', ALREADY_REJECTED);
    submitProof([...pending, erased]).when(command()).thenRefuses('CONFLICT', APPLICATION_ERASED);
    submitProof([]).when(command()).thenRefuses('NOT_FOUND', APPLICATION_NOT_FOUND);
  });
});


describe('decideRecordPayment', () => {
  type Read = { application: ApplicationState; claimedBy: string | null };
  /** The application's stream and, beside it, the UTR's claim stream read in the same attempt. */
  const recordPayment = deciderSpec({
    evolve: (state: Read, event: Recorded<KanyadanApplicationEvent | KanyadanUtrClaimed>): Read =>
      event.type === 'KanyadanUtrClaimed' ? { ...state, claimedBy: event.data.regNo } : { ...state, application: evolveApplication(state.application, event) },
    initialState: { application: noApplication, claimedBy: null },
    decide: decideRecordPayment,
  });
  const claimed = (utr: string, purpose: 'fee' | 'benefit', now: Date): KanyadanUtrClaimed => ({ type: 'KanyadanUtrClaimed', data: { utr, regNo, purpose, claimedAt: now.toISOString() } });

  it('records the fee or the benefit on the application and claims the UTR on its own stream, in one decision', () => {
    recordPayment(pending)
      .when({ regNo, utr: 'FEE000000001', paidOn: '2027-06-02', purpose: 'fee', now: feeNow })
      .then([
        { streamId, events: [feePaidEvent()] },
        { streamId: 'kanyadan_utr-FEE000000001', events: [claimed('FEE000000001', 'fee', feeNow)] },
      ]);
    recordPayment(approvedApp)
      .when({ regNo, utr: 'BEN000000001', paidOn: '2031-07-03', purpose: 'benefit', now: disburseNow })
      .then([
        { streamId, events: [disbursed] },
        { streamId: 'kanyadan_utr-BEN000000001', events: [claimed('BEN000000001', 'benefit', disburseNow)] },
      ]);
  });

  it('refuses a UTR claimed already, by this application or another', () => {
    recordPayment([...pending, claimed('FEE000000001', 'fee', feeNow)])
      .when({ regNo, utr: 'FEE000000001', paidOn: '2027-06-02', purpose: 'fee', now: feeNow })
      .thenRefuses('CONFLICT', UTR_USED);
  });
});
