import { AppError } from '#server/errors/app-error';
import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import { streamType, type StreamEvents } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import { indiaToday } from './submission/age.schema.ts';
import {
  BENEFIT_FROM_AGE,
  type IndianState,
  type KanyadanStatus,
  type RejectionReason,
  type StoredDocumentKind,
  type StoredDocumentMediaType,
  type TApplicationFields,
} from './submission/kanyadan-fields.schema.ts';
import {
  KANYADAN_STREAM_PREFIX,
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
  type ReceivedDocument,
  type KanyadanSubmissionKeyUsed,
  type KanyadanUtrClaimed,
} from './kanyadan.events.ts';

/**
 * An application's stream folded into what its commands decide on, and the pure decisions of its
 * life (PRODUCT.md §7): Submitted → (Payment Pending → Paid) → Verified or Rejected → Benefit
 * Requested → Benefit Approved → Disbursed. Every move not on that path is refused here, with a
 * message that says what the application's state is.
 */

export const APPLICATION_NOT_FOUND = 'No application has this registration number.';
export const APPLICATION_ERASED = 'This application’s personal data has been erased; it can no longer be changed.';
export const ALREADY_VERIFIED = 'This application has already been verified.';
export const OPEN_EVERY_DOCUMENT = 'Open every document of the application before verifying it: the page shows which you have not opened yet.';
export const ALREADY_REJECTED = 'This application has already been rejected.';
export const FEE_NOT_PAID = 'The registration fee has not been recorded yet.';
export const FEE_ALREADY_PAID = 'The fee has already been recorded.';
export const NO_FEE_DUE = 'No registration fee is due on this application.';
export const NOT_VERIFIED_FOR_BENEFIT = 'A benefit can be requested only for a verified application.';
export const BENEFIT_ALREADY_REQUESTED = 'The benefit has already been requested for this application.';
export const TOO_YOUNG_FOR_BENEFIT = 'The benefit can be requested only when the girl is 18 years old or older.';
export const MARRIAGE_DATE_PAST = 'The marriage date must be today or later.';
export const NOT_REQUESTED_FOR_APPROVAL = 'Only a requested benefit can be approved.';
export const BENEFIT_ALREADY_APPROVED = 'The benefit has already been approved.';
export const NOT_APPROVED_FOR_DISBURSAL = 'Only an approved benefit can be paid out.';
export const ALREADY_DISBURSED = 'The benefit has already been paid out.';
export const PAID_ON_FUTURE = 'The payment date cannot be in the future.';
export const PAID_ON_TOO_EARLY = 'The payment date cannot be before the approval.';
export const FEE_PAID_ON_TOO_EARLY = 'The payment date cannot be before the application was submitted.';
export const UTR_USED = 'This UTR is already recorded for another payment.';
export const BENEFIT_RANGE_BROKEN = 'The benefit range in settings is not valid (the minimum is above the maximum). Ask an admin with settings to fix it.';

export function benefitOutOfRange(minPaise: number, maxPaise: number): string {
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;
  return `The benefit must be between ${rupees(minPaise)} and ${rupees(maxPaise)}.`;
}

export interface DocumentState {
  uploadId: string;
  status: 'processing' | 'ready' | 'rejected';
  mediaType: ReceivedDocument['mediaType'] | StoredDocumentMediaType;
  fileId: string | null;
  pages: number;
  reason: KanyadanDocumentRejected['data']['reason'] | null;
}

export interface ApplicationState {
  exists: boolean;
  regNo: string;
  status: KanyadanStatus | null;
  state: IndianState | null;
  district: string;
  ageYears: number;
  feePaise: number;
  /** The UTR the family gave for the fee, while it waits for finance. */
  feeUtrGiven: string | null;
  /** ApplicantDetails, sealed. */
  applicant: Sealed | null;
  submittedAt: string | null;
  documents: Partial<Record<StoredDocumentKind, DocumentState>>;
  rejection: { reason: RejectionReason; note: Sealed | null } | null;
  benefit: {
    requestedOn: string;
    /** BenefitDetails, sealed. */
    details: Sealed;
    amountPaise: number | null;
    approvedAt: string | null;
    utr: string | null;
    paidOn: string | null;
  } | null;
  isErased: boolean;
}

export const noApplication: ApplicationState = {
  exists: false,
  regNo: '',
  status: null,
  state: null,
  district: '',
  ageYears: 0,
  feePaise: 0,
  feeUtrGiven: null,
  applicant: null,
  submittedAt: null,
  documents: {},
  rejection: null,
  benefit: null,
  isErased: false,
};

function withDocument(state: ApplicationState, kind: StoredDocumentKind, document: DocumentState): ApplicationState {
  return { ...state, documents: { ...state.documents, [kind]: document } };
}

export function evolveApplication(state: ApplicationState, event: Recorded<KanyadanApplicationEvent>): ApplicationState {
  switch (event.type) {
    case 'KanyadanApplicationSubmitted': {
      const { data } = event;
      const documents: ApplicationState['documents'] = {};
      for (const document of data.documents) {
        documents[document.kind] = { uploadId: document.uploadId, status: 'processing', mediaType: document.mediaType, fileId: null, pages: 0, reason: null };
      }
      return {
        ...noApplication,
        exists: true,
        regNo: data.regNo,
        status: data.feePaise > 0 ? 'payment_pending' : 'submitted',
        state: data.state,
        district: data.district,
        ageYears: data.ageYears,
        feePaise: data.feePaise,
        applicant: data.applicant,
        submittedAt: data.submittedAt,
        documents,
      };
    }
    case 'KanyadanDocumentProcessed': {
      const { data } = event;
      return withDocument(state, data.kind, { uploadId: data.uploadId, status: 'ready', mediaType: data.mediaType, fileId: data.fileId, pages: data.pages, reason: null });
    }
    case 'KanyadanDocumentRejected': {
      const { data } = event;
      const previous = state.documents[data.kind];
      if (!previous) return state;
      return withDocument(state, data.kind, { ...previous, status: 'rejected', reason: data.reason });
    }
    case 'KanyadanFeeProofSubmitted':
      return { ...state, feeUtrGiven: event.data.utr };
    case 'KanyadanFeePaid':
      return { ...state, status: 'paid' };
    case 'KanyadanApplicationVerified':
      return { ...state, status: 'verified' };
    case 'KanyadanApplicationRejected':
      return { ...state, status: 'rejected', rejection: { reason: event.data.reason, note: event.data.note } };
    case 'KanyadanBenefitRequested': {
      const { data } = event;
      let next: ApplicationState = {
        ...state,
        status: 'benefit_requested',
        benefit: { requestedOn: data.requestedOn, details: data.details, amountPaise: null, approvedAt: null, utr: null, paidOn: null },
      };
      for (const proof of data.proofs) {
        next = withDocument(next, proof.kind, { uploadId: proof.uploadId, status: 'processing', mediaType: proof.mediaType, fileId: null, pages: 0, reason: null });
      }
      return next;
    }
    case 'KanyadanBenefitApproved':
      return { ...state, status: 'benefit_approved', benefit: state.benefit && { ...state.benefit, amountPaise: event.data.amountPaise, approvedAt: event.data.approvedAt } };
    case 'KanyadanBenefitDisbursed':
      return { ...state, status: 'disbursed', benefit: state.benefit && { ...state.benefit, utr: event.data.utr, paidOn: event.data.paidOn } };
    case 'PersonalDataErased':
      return { ...state, isErased: true, applicant: null, documents: {} };
    default:
      return state;
  }
}

function requireLive(state: ApplicationState): void {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: APPLICATION_NOT_FOUND });
  if (state.isErased) throw new AppError('CONFLICT', { userMessage: APPLICATION_ERASED });
}

/** Why an application waiting for a decision cannot take one, when it is not waiting. */
function refuseUndecidable(state: ApplicationState): void {
  requireLive(state);
  if (state.status === 'submitted' || state.status === 'paid') return;
  if (state.status === 'payment_pending') throw new AppError('CONFLICT', { userMessage: FEE_NOT_PAID });
  if (state.status === 'rejected') throw new AppError('CONFLICT', { userMessage: ALREADY_REJECTED });
  throw new AppError('CONFLICT', { userMessage: ALREADY_VERIFIED });
}

/**
 * The family's UTR for the fee: only while the fee waits; the same UTR again records nothing (a
 * second tap), another one replaces it (a typing mistake), until finance records the payment.
 */
export function decideSubmitFeeProof(command: { regNo: string; utr: string; now: Date }, state: ApplicationState): KanyadanFeeProofSubmitted[] {
  requireLive(state);
  if (state.status !== 'payment_pending') {
    const message = state.feePaise === 0 ? NO_FEE_DUE : state.status === 'rejected' ? ALREADY_REJECTED : FEE_ALREADY_PAID;
    throw new AppError('CONFLICT', { userMessage: message });
  }
  if (state.feeUtrGiven === command.utr) return [];
  return [{ type: 'KanyadanFeeProofSubmitted', data: { regNo: command.regNo, utr: command.utr, submittedAt: command.now.toISOString() } }];
}

export function decideRecordFee(command: { regNo: string; utr: string; paidOn: string; isUtrUsed: boolean; now: Date }, state: ApplicationState): KanyadanFeePaid[] {
  requireLive(state);
  if (state.status !== 'payment_pending') {
    const message = state.feePaise === 0 ? NO_FEE_DUE : state.status === 'rejected' ? ALREADY_REJECTED : FEE_ALREADY_PAID;
    throw new AppError('CONFLICT', { userMessage: message });
  }
  if (command.paidOn > indiaToday(command.now)) throw new AppError('BAD_REQUEST', { userMessage: PAID_ON_FUTURE, fieldErrors: { paidOn: [PAID_ON_FUTURE] } });
  if (state.submittedAt && command.paidOn < indiaToday(new Date(state.submittedAt))) {
    throw new AppError('BAD_REQUEST', { userMessage: FEE_PAID_ON_TOO_EARLY, fieldErrors: { paidOn: [FEE_PAID_ON_TOO_EARLY] } });
  }
  if (command.isUtrUsed) throw new AppError('CONFLICT', { userMessage: UTR_USED, fieldErrors: { utr: [UTR_USED] } });
  return [{ type: 'KanyadanFeePaid', data: { regNo: command.regNo, amountPaise: state.feePaise, utr: command.utr, paidOn: command.paidOn, recordedAt: command.now.toISOString() } }];
}

/**
 * Verifying says the documents were looked at (issue 32): every document must have been opened by
 * the verifier deciding (`openedByVerifier`, from the application's access log), except one that
 * could not be processed (unreadable: nothing to open, and a reason to reject rather than verify).
 */
export function decideVerify(command: { regNo: string; now: Date; openedByVerifier: ReadonlySet<StoredDocumentKind> }, state: ApplicationState): KanyadanApplicationVerified[] {
  refuseUndecidable(state);
  const unopened = (Object.entries(state.documents) as [StoredDocumentKind, DocumentState][]).filter(
    // A document still being processed cannot have been opened yet: verification waits for it too.
    ([kind, document]) => document.status !== 'rejected' && !command.openedByVerifier.has(kind),
  );
  if (unopened.length > 0) {
    throw new AppError('CONFLICT', { userMessage: OPEN_EVERY_DOCUMENT, fieldErrors: { documents: unopened.map(([kind]) => kind) } });
  }
  return [{ type: 'KanyadanApplicationVerified', data: { regNo: command.regNo, state: state.state!, district: state.district, verifiedAt: command.now.toISOString() } }];
}

export function decideReject(
  command: { regNo: string; reason: RejectionReason; note: Sealed | null; now: Date },
  state: ApplicationState,
): KanyadanApplicationRejected[] {
  requireLive(state);
  // A fee not yet paid is no reason to keep a plainly ineligible application waiting.
  if (state.status !== 'payment_pending') refuseUndecidable(state);
  return [{ type: 'KanyadanApplicationRejected', data: { regNo: command.regNo, reason: command.reason, note: command.note, rejectedAt: command.now.toISOString() } }];
}

export interface BenefitRequestCommand {
  regNo: string;
  /** YYYY-MM-DD, checked here and sealed in `details`. */
  marriageDate: string;
  /** BenefitDetails, sealed. */
  details: Sealed;
  proofs: KanyadanBenefitRequested['data']['proofs'];
  /** The girl's age in whole years on the day of the request, from her date of birth (null: unknown). */
  ageOnRequest: number | null;
  now: Date;
}

export function decideRequestBenefit(command: BenefitRequestCommand, state: ApplicationState): KanyadanBenefitRequested[] {
  requireLive(state);
  if (state.status === 'benefit_requested' || state.status === 'benefit_approved' || state.status === 'disbursed') {
    throw new AppError('CONFLICT', { userMessage: BENEFIT_ALREADY_REQUESTED });
  }
  if (state.status !== 'verified') throw new AppError('CONFLICT', { userMessage: NOT_VERIFIED_FOR_BENEFIT });
  if (command.ageOnRequest === null || command.ageOnRequest < BENEFIT_FROM_AGE) throw new AppError('BAD_REQUEST', { userMessage: TOO_YOUNG_FOR_BENEFIT });
  const today = indiaToday(command.now);
  if (command.marriageDate < today) throw new AppError('BAD_REQUEST', { userMessage: MARRIAGE_DATE_PAST, fieldErrors: { marriageDate: [MARRIAGE_DATE_PAST] } });
  return [
    {
      type: 'KanyadanBenefitRequested',
      data: {
        regNo: command.regNo,
        requestedOn: today,
        details: command.details,
        proofs: command.proofs,
        requestedAt: command.now.toISOString(),
      },
    },
  ];
}

export function decideApproveBenefit(
  command: { regNo: string; amountPaise: number; range: { minPaise: number; maxPaise: number }; now: Date },
  state: ApplicationState,
): KanyadanBenefitApproved[] {
  requireLive(state);
  if (state.status === 'benefit_approved' || state.status === 'disbursed') throw new AppError('CONFLICT', { userMessage: BENEFIT_ALREADY_APPROVED });
  if (state.status !== 'benefit_requested') throw new AppError('CONFLICT', { userMessage: NOT_REQUESTED_FOR_APPROVAL });
  const { minPaise, maxPaise } = command.range;
  if (minPaise > maxPaise) throw new AppError('CONFLICT', { userMessage: BENEFIT_RANGE_BROKEN });
  if (command.amountPaise < minPaise || command.amountPaise > maxPaise) {
    const message = benefitOutOfRange(minPaise, maxPaise);
    throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { amountPaise: [message] } });
  }
  return [{ type: 'KanyadanBenefitApproved', data: { regNo: command.regNo, amountPaise: command.amountPaise, approvedAt: command.now.toISOString() } }];
}

export function decideDisburse(
  command: { regNo: string; utr: string; paidOn: string; isUtrUsed: boolean; now: Date },
  state: ApplicationState,
): KanyadanBenefitDisbursed[] {
  requireLive(state);
  if (state.status === 'disbursed') throw new AppError('CONFLICT', { userMessage: ALREADY_DISBURSED });
  if (state.status !== 'benefit_approved' || !state.benefit?.approvedAt || state.benefit.amountPaise === null) {
    throw new AppError('CONFLICT', { userMessage: NOT_APPROVED_FOR_DISBURSAL });
  }
  if (command.paidOn > indiaToday(command.now)) throw new AppError('BAD_REQUEST', { userMessage: PAID_ON_FUTURE, fieldErrors: { paidOn: [PAID_ON_FUTURE] } });
  if (command.paidOn < indiaToday(new Date(state.benefit.approvedAt))) {
    throw new AppError('BAD_REQUEST', { userMessage: PAID_ON_TOO_EARLY, fieldErrors: { paidOn: [PAID_ON_TOO_EARLY] } });
  }
  if (command.isUtrUsed) throw new AppError('CONFLICT', { userMessage: UTR_USED, fieldErrors: { utr: [UTR_USED] } });
  return [
    {
      type: 'KanyadanBenefitDisbursed',
      data: { regNo: command.regNo, amountPaise: state.benefit.amountPaise, utr: command.utr, paidOn: command.paidOn, district: state.district, disbursedAt: command.now.toISOString() },
    },
  ];
}

export function decideErase(command: { regNo: string; subjectId: string; reason: string; now: Date }, state: ApplicationState): PersonalDataErased[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: APPLICATION_NOT_FOUND });
  if (state.isErased) return [];
  return [{ type: 'PersonalDataErased', data: { subjectId: command.subjectId, erasedAt: command.now.toISOString(), reason: command.reason } }];
}

/** The document job's result, once, and only for the upload still waiting (a second delivery records nothing). */
export function decideDocumentResult(
  command: { regNo: string; kind: StoredDocumentKind; uploadId: string; outcome: { fileId: string; mediaType: StoredDocumentMediaType; pages: number } | { rejected: KanyadanDocumentRejected['data']['reason'] }; now: Date },
  state: ApplicationState,
): (KanyadanDocumentProcessed | KanyadanDocumentRejected)[] {
  const document = state.documents[command.kind];
  if (!state.exists || state.isErased || !document || document.uploadId !== command.uploadId || document.status !== 'processing') return [];
  const at = command.now.toISOString();
  const { regNo, kind, uploadId, outcome } = command;
  if ('rejected' in outcome) return [{ type: 'KanyadanDocumentRejected', data: { regNo, kind, uploadId, reason: outcome.rejected, rejectedAt: at } }];
  return [{ type: 'KanyadanDocumentProcessed', data: { regNo, kind, uploadId, fileId: outcome.fileId, mediaType: outcome.mediaType, pages: outcome.pages, processedAt: at } }];
}

export type { KanyadanApplicationSubmitted };

export const FATHER_NOT_MEMBER = 'No active member has this ID. Leave it empty if the father is not a member.';

/** The version of the consent wording the form shows (web i18n kanyadan.registration.consent). */
export const CONSENT_TEXT_VERSION = 'kanyadan-consent-2026-11';

export interface SubmitCommand {
  regNo: string;
  applicant: Sealed;
  fields: Pick<TApplicationFields, 'state' | 'district'>;
  ageYears: number;
  documents: ReceivedDocument[];
  feePaise: number;
  now: Date;
}

export interface SubmitState {
  /** The application an earlier request with the same Idempotency-Key made, if any. */
  earlierRegNo: string | null;
  /** The father's member ID: undefined when none was given, null when no active member has it. */
  father: { userId: string } | null | undefined;
}

/** Pure: a new application, or nothing when this very submission was recorded already. */
export function decideSubmit(command: SubmitCommand, state: SubmitState, submissionKey: string | null): (KanyadanApplicationSubmitted | KanyadanSubmissionKeyUsed)[] {
  if (state.earlierRegNo) return [];
  if (state.father === null) throw new AppError('BAD_REQUEST', { userMessage: FATHER_NOT_MEMBER, fieldErrors: { fatherRegNo: [FATHER_NOT_MEMBER] } });
  const submitted: KanyadanApplicationSubmitted = {
    type: 'KanyadanApplicationSubmitted',
    data: {
      regNo: command.regNo,
      applicant: command.applicant,
      state: command.fields.state,
      district: command.fields.district,
      ageYears: command.ageYears,
      consent: { given: true, textVersion: CONSENT_TEXT_VERSION },
      documents: command.documents,
      feePaise: command.feePaise,
      submittedAt: command.now.toISOString(),
    },
  };
  if (!submissionKey) return [submitted];
  return [submitted, { type: 'KanyadanSubmissionKeyUsed', data: { key: submissionKey, regNo: command.regNo, usedAt: command.now.toISOString() } }];
}

/** The stream that claims a bank transfer's UTR for one payment of one application. */
export function kanyadanUtrStreamId(utr: string): string {
  return `kanyadan_utr-${utr}`;
}

/**
 * Finance records a payment seen in the bank — the fee (decideRecordFee) or the benefit
 * (decideDisburse) — and claims its UTR on the UTR's own stream in the same append, so one bank
 * payment is never recorded twice; a UTR claimed already is refused by those decisions.
 */
export function decideRecordPayment(
  command: { regNo: string; utr: string; paidOn: string; purpose: 'fee' | 'benefit'; now: Date },
  state: { application: ApplicationState; claimedBy: string | null },
): StreamEvents<KanyadanFeePaid | KanyadanBenefitDisbursed | KanyadanUtrClaimed>[] {
  const { regNo, utr, paidOn, purpose, now } = command;
  const isUtrUsed = state.claimedBy !== null;
  const paid: (KanyadanFeePaid | KanyadanBenefitDisbursed)[] =
    purpose === 'fee' ? decideRecordFee({ regNo, utr, paidOn, isUtrUsed, now }, state.application) : decideDisburse({ regNo, utr, paidOn, isUtrUsed, now }, state.application);
  const claimed: KanyadanUtrClaimed = { type: 'KanyadanUtrClaimed', data: { utr, regNo, purpose, claimedAt: now.toISOString() } };
  return [
    { streamId: kanyadanStreamId(regNo), events: paid },
    { streamId: kanyadanUtrStreamId(utr), events: [claimed] },
  ];
}

/** The application stream (`kanyadan-<regNo>`), configured once for the command handler. */
export const kanyadanApplicationStream = streamType<ApplicationState, KanyadanApplicationEvent>({ prefix: KANYADAN_STREAM_PREFIX, evolve: evolveApplication, initialState: noApplication });
