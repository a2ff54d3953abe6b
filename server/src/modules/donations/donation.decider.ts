import { AppError } from '#server/errors/app-error';
import { streamType, type StreamEvents } from '#server/event-store/command-handler';
import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { INVALID_REFERRAL } from '#server/modules/identity/identity.api';
import type { TSettings } from '#server/modules/site/settings/settings.schema';
import { defaultDonationTypeOf, formatReference, MAX_ONLINE_AMOUNT_PAISE } from './donation-fields.schema.ts';
import {
  DONATION_STREAM_PREFIX,
  donationStreamId,
  type Cause,
  type Citizenship,
  type DonationAbandoned,
  type DonationCancelled,
  type DonationEvent,
  type DonationMode,
  type DonationPledged,
  type DonationProofSubmitted,
  type DonationRejected,
  type DonationScreenshotProcessed,
  type DonationScreenshotRejected,
  type DonationStatus,
  type DonationStreamEvent,
  type DonationType,
  type DonationVerified,
  type DonorIdentificationRecorded,
  type DonorPanNameRecorded,
  type InstrumentClaimed,
  type IssuedReceipt,
  type OtherDonorIdKind,
  type ReceiptIssuer,
  type ReceiptRendered,
  type ReceiptSerialAllocated,
  type ReceiptVariant,
  type RetainedReceiptShredded,
  type UtrClaimed,
  type UtrKind,
} from './donations.events.ts';
import { foreignWithoutFcraMessage, onlineLimitMessage, type PaymentSettings } from './giving/payment-details.ts';
import { formatSerial, indiaDateOf, isCashAboveLimit, startOfPreviousFinancialYear } from './receipts/receipt-serial.ts';
import { taxSectionInHindi } from './receipts/tax-section.ts';

// The donation stream's one decider (docs/decisions/052): its state and evolve, and every decision
// made on it — the pledge, the proof, the screenshot, the verification (with the serial and the
// UTR's claim it writes beside it), the rejection, the cancellation, the abandonment, the donor's ID,
// the receipts rendered, the retained receipt shredded, the erasure. Each decide function is pure
// (command + state → events, or an AppError) and has its given/when/then specification in
// donation.decider.test.ts (server/src/testing/deciders/decider-coverage.test.ts checks that).

/**
 * A donation's stream folded into what its commands and jobs decide on (the pledge, the proof, the
 * screenshot, the verification with its frozen receipt, the receipts rendered). The receipt job
 * folds it too: it holds everything a receipt prints, the donor's details still sealed.
 */
export interface DonationState {
  exists: boolean;
  reference: string;
  status: DonationStatus | null;
  amountPaise: number;
  cause: Cause;
  /** The help request the gift is for, or null. */
  helpRequestId: string | null;
  /** DonorDetails, sealed under donation-<reference>. */
  donor: Sealed | null;
  donorKey: string;
  hasPan: boolean;
  showName: boolean;
  referrerId: string | null;
  memberId: string | null;
  channel: 'online' | 'offline';
  pledgedAt: string | null;
  /** What the donor declared; null when they did not (treated as Indian: a domestic gift). */
  citizenship: Citizenship | null;
  /** A foreign citizen's country (ISO 3166-1 alpha-2), else null. */
  country: string | null;
  /** The latest proof the donor submitted. */
  proof: { utr: string; utrKind: UtrKind; submittedAt: string } | null;
  /** A screenshot waiting for the image job (a newer one replaces it). */
  pendingScreenshotUploadId: string | null;
  /** The processed screenshot finance looks at. */
  screenshot: { uploadId: string; fileId: string; width: number; height: number } | null;
  verification: {
    receivedOn: string;
    mode: DonationMode;
    instrumentNumber: string | null;
    utr: string | null;
    receipt: IssuedReceipt;
    /** 'others' for a verification recorded before the type was chosen (decision 057). */
    donationType: DonationType;
    verifiedAt: string;
    /** Mode `online`: the gateway payment that verified it. */
    paymentId?: string;
  } | null;
  rejection: { reason: string; rejectedAt: string } | null;
  /** The payment gateway's order for the pledge (issue 33), when one was made. */
  order: { orderId: string; amountPaise: number } | null;
  cancellation: { reason: string; cancelledAt: string } | null;
  /**
   * The refund of the online payment (issue 33): asked for by finance (or made in the gateway's
   * dashboard and reported by `refund.processed`), taken by the gateway, failed, or processed.
   */
  refund: { status: 'requested' | 'pending' | 'failed' | 'processed'; refundId: string | null; reason: string | null; requestedAt: string | null } | null;
  /** The donor's online attempts that failed (`payment.failed`), oldest first. */
  paymentFailures: { paymentId: string; errorCode: string | null; errorReason: string | null; failedAt: string }[];
  /** The file of each receipt variant rendered so far. */
  renderedReceipts: Record<ReceiptVariant, string | null>;
  /** The donor's ID recorded by finance for Form 10BD (the latest), by its blind index. */
  donorId: { kind: OtherDonorIdKind; numberKey: string } | null;
  /** The blind index of the name as on the PAN finance recorded last; null when none was recorded (the pledge's is sealed in `donor`). */
  panNameKey: string | null;
  isErased: boolean;
}

export const noDonation: DonationState = {
  exists: false,
  reference: '',
  status: null,
  amountPaise: 0,
  cause: 'general',
  helpRequestId: null,
  donor: null,
  donorKey: '',
  hasPan: false,
  showName: false,
  referrerId: null,
  memberId: null,
  channel: 'online',
  pledgedAt: null,
  citizenship: null,
  country: null,
  proof: null,
  pendingScreenshotUploadId: null,
  screenshot: null,
  verification: null,
  rejection: null,
  order: null,
  cancellation: null,
  refund: null,
  paymentFailures: [],
  renderedReceipts: { issued: null, cancelled: null },
  donorId: null,
  panNameKey: null,
  isErased: false,
};

export function evolveDonation(state: DonationState, event: Recorded<DonationStreamEvent>): DonationState {
  switch (event.type) {
    case 'DonationPledged': {
      const { data } = event;
      return {
        ...noDonation,
        exists: true,
        reference: data.reference,
        status: 'awaiting_payment',
        amountPaise: data.amountPaise,
        cause: data.cause,
        helpRequestId: data.helpRequestId ?? null,
        donor: data.donor,
        donorKey: data.donorKey,
        hasPan: data.hasPan,
        showName: data.showName,
        referrerId: data.referrerId,
        memberId: data.memberId,
        channel: data.channel,
        pledgedAt: data.pledgedAt,
        citizenship: data.citizenship ?? null,
        country: data.country ?? null,
      };
    }
    case 'DonationProofSubmitted': {
      const { data } = event;
      return {
        ...state,
        // Proof reopens an abandoned pledge; on a decided donation it changes nothing of its state.
        status: state.status === 'awaiting_payment' || state.status === 'abandoned' || state.status === 'proof_received' ? 'proof_received' : state.status,
        proof: { utr: data.utr, utrKind: data.utrKind, submittedAt: data.submittedAt },
        pendingScreenshotUploadId: data.screenshotUploadId ?? state.pendingScreenshotUploadId,
      };
    }
    case 'DonationScreenshotProcessed': {
      const { data } = event;
      return {
        ...state,
        pendingScreenshotUploadId: state.pendingScreenshotUploadId === data.uploadId ? null : state.pendingScreenshotUploadId,
        screenshot: { uploadId: data.uploadId, fileId: data.fileId, width: data.width, height: data.height },
      };
    }
    case 'DonationOrderCreated':
      return { ...state, order: { orderId: event.data.orderId, amountPaise: event.data.amountPaise } };
    case 'DonationRefundRequested':
      return { ...state, refund: { status: 'requested', refundId: null, reason: event.data.reason, requestedAt: event.data.requestedAt } };
    case 'DonationRefundCreated':
      // A refund.processed that arrived before the gateway's answer was recorded stays processed.
      return state.refund?.status === 'processed' ? state : { ...state, refund: { ...(state.refund ?? { reason: null, requestedAt: null }), status: 'pending', refundId: event.data.refundId } };
    case 'DonationRefundFailed':
      return { ...state, refund: { ...(state.refund ?? { reason: null, requestedAt: null }), status: 'failed', refundId: event.data.refundId } };
    case 'DonationRefundProcessed':
      return { ...state, refund: { ...(state.refund ?? { reason: null, requestedAt: null }), status: 'processed', refundId: event.data.refundId } };
    case 'OnlinePaymentFailed': {
      const { paymentId, errorCode, errorReason, failedAt } = event.data;
      return { ...state, paymentFailures: [...state.paymentFailures, { paymentId, errorCode, errorReason, failedAt }] };
    }
    case 'DonationScreenshotRejected':
      return { ...state, pendingScreenshotUploadId: state.pendingScreenshotUploadId === event.data.uploadId ? null : state.pendingScreenshotUploadId };
    case 'DonationVerified': {
      const { data } = event;
      return {
        ...state,
        status: 'verified',
        verification: {
          receivedOn: data.receivedOn,
          mode: data.mode,
          instrumentNumber: data.instrumentNumber,
          utr: data.utr,
          receipt: data.receipt,
          donationType: data.donationType ?? 'others',
          verifiedAt: data.verifiedAt,
          ...(data.paymentId ? { paymentId: data.paymentId } : {}),
        },
      };
    }
    case 'DonationRejected':
      return { ...state, status: 'rejected', rejection: { reason: event.data.reason, rejectedAt: event.data.rejectedAt } };
    case 'DonationAbandoned':
      return { ...state, status: state.status === 'awaiting_payment' ? 'abandoned' : state.status };
    case 'DonationCancelled':
      return { ...state, status: 'cancelled', cancellation: { reason: event.data.reason, cancelledAt: event.data.cancelledAt } };
    case 'ReceiptRendered':
      return { ...state, renderedReceipts: { ...state.renderedReceipts, [event.data.variant]: event.data.fileId } };
    case 'DonorIdentificationRecorded':
      return { ...state, donorId: { kind: event.data.kind, numberKey: event.data.numberKey } };
    case 'DonorPanNameRecorded':
      return { ...state, panNameKey: event.data.panNameKey };
    case 'PersonalDataErased':
      return { ...state, isErased: true, donor: null, donorId: null, panNameKey: null };
    case 'DonationReceiptRetained':
    case 'RetainedReceiptShredded':
      // The kept receipt data decides nothing about the donation itself (issue 29).
      return state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The UTR's stream: which donation verified with it last. */
export interface UtrClaimState {
  claimedBy: string | null;
}

export const noUtrClaim: UtrClaimState = { claimedBy: null };

export function evolveUtrClaim(state: UtrClaimState, event: Recorded<UtrClaimed | InstrumentClaimed>): UtrClaimState {
  switch (event.type) {
    case 'UtrClaimed':
    case 'InstrumentClaimed':
      return { claimedBy: event.data.reference };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The one answer to every reference and contact that do not belong together (or to no donation at all). */
export const NO_MATCHING_DONATION = 'No donation matches this reference and contact.';
/** For finance admins, who look donations up by reference alone. */
export const DONATION_NOT_FOUND = 'This donation does not exist.';

export const SELF_REFERRAL = 'You cannot name yourself as the referrer of your own donation.';

export const REFERENCE_TAKEN = 'This donation reference is already in use.';

/** What a pledge needs besides the state: the donor sealed already, and the keys computed from the contacts. */
export interface PledgeCommand {
  reference: string;
  amountPaise: number;
  cause: Cause;
  /** The published help request the gift is for, or null. */
  helpRequestId: string | null;
  donor: Sealed;
  donorKey: string;
  contactKeys: string[];
  hasPan: boolean;
  showName: boolean;
  referralId: string | null;
  memberId: string | null;
  channel: 'online' | 'offline';
  now: Date;
  /** The donor's declaration; absent when not made (a REST client that does not send it): a domestic gift. */
  citizenship?: Citizenship;
  /** A foreign citizen's country of citizenship. */
  country?: string | null;
  /** The member's fundraiser the gift is given through (issue 33), checked open by the caller. */
  fundraiserId?: string | null;
  /** The donor's short message for the fundraiser's page, sealed under the donation with the donor. */
  message?: Sealed | null;
}

/** A foreign citizen's gift: a foreign contribution under the FCRA 2010 (an undeclared one is domestic, decision 058). */
export function isForeignContribution(donation: { citizenship?: Citizenship | null }): boolean {
  return donation.citizenship === 'foreign';
}

export const COUNTRY_REQUIRED = 'Choose the country of citizenship.';

export const FOREIGN_GIFT_FOR_HELP_REQUEST =
  'A gift from a foreign citizen goes to one of the foundation’s causes, kept in its FCRA account, and cannot be held for one help request. Choose a cause instead.';

/**
 * A foreign citizen's gift is taken only while settings hold the foundation's FCRA registration,
 * with the country of citizenship, and for one of the foundation's causes (never held for a help
 * request, whose money is paid out of the domestic account). The refusal without a registration
 * says what the donor can do instead.
 */
function refuseForeignContribution(command: PledgeCommand, state: PledgeState): void {
  if (!isForeignContribution(command)) return;
  // A registration whose last day (as settings hold it) has passed is none: the law lets the foundation
  // take foreign contributions only while it is registered. Finance enters a renewal's or MHA's extended date.
  const fcra = state.payment.fcra;
  if (!fcra || (fcra.validUntil !== '' && fcra.validUntil < indiaDateOf(command.now))) {
    const message = foreignWithoutFcraMessage(state.payment);
    throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { citizenship: [message] } });
  }
  if (!command.country) throw new AppError('BAD_REQUEST', { userMessage: COUNTRY_REQUIRED, fieldErrors: { country: [COUNTRY_REQUIRED] } });
  if (command.helpRequestId) throw new AppError('BAD_REQUEST', { userMessage: FOREIGN_GIFT_FOR_HELP_REQUEST, fieldErrors: { citizenship: [FOREIGN_GIFT_FOR_HELP_REQUEST] } });
}

/** What the pledge is decided on: its stream (new), the referrer named, and the payment settings. */
export interface PledgeState {
  exists: boolean;
  /** The member named by the referral ID: undefined when none was given, null when no active member has it. */
  referrer: { userId: string } | null | undefined;
  payment: PaymentSettings;
}

/**
 * Pure: a pledge. Online gifts go up to ₹10,00,000 (larger ones are refused with the bank details,
 * so the donor can still give); the referrer must be an active member other than the donor.
 */
export function decidePledge(command: PledgeCommand, state: PledgeState): DonationPledged[] {
  if (state.exists) throw new AppError('CONFLICT', { userMessage: REFERENCE_TAKEN });
  refuseForeignContribution(command, state);
  if (command.channel === 'online' && command.amountPaise > MAX_ONLINE_AMOUNT_PAISE) {
    const message = onlineLimitMessage(state.payment, isForeignContribution(command));
    throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { amountPaise: [message] } });
  }
  if (state.referrer === null) throw new AppError('BAD_REQUEST', { userMessage: INVALID_REFERRAL, fieldErrors: { referralId: [INVALID_REFERRAL] } });
  if (state.referrer && state.referrer.userId === command.memberId) {
    throw new AppError('BAD_REQUEST', { userMessage: SELF_REFERRAL, fieldErrors: { referralId: [SELF_REFERRAL] } });
  }
  return [
    {
      type: 'DonationPledged',
      data: {
        reference: command.reference,
        amountPaise: command.amountPaise,
        cause: command.cause,
        helpRequestId: command.helpRequestId,
        donor: command.donor,
        donorKey: command.donorKey,
        contactKeys: command.contactKeys,
        hasPan: command.hasPan,
        showName: command.showName,
        referrerId: state.referrer?.userId ?? null,
        memberId: command.memberId,
        channel: command.channel,
        pledgedAt: command.now.toISOString(),
        // Recorded only when declared: absent means "not declared", as on every pledge before the question.
        ...(command.citizenship ? { citizenship: command.citizenship } : {}),
        ...(isForeignContribution(command) && command.country ? { country: command.country } : {}),
        ...(command.fundraiserId ? { fundraiserId: command.fundraiserId, ...(command.message ? { message: command.message } : {}) } : {}),
      },
    },
  ];
}

export const CANCEL_NOT_VERIFIED = 'Only a verified donation can be cancelled.';

/**
 * Pure: a verified donation withdrawn (a bounced cheque, a chargeback, a duplicate). Nothing is
 * deleted: its receipt keeps its serial (the number is never issued again) and is re-issued marked
 * CANCELLED; the amounts it added elsewhere are taken back, which is why they are copied here.
 */
export function decideCancel(command: { reference: string; reason: string; now: Date }, state: DonationState): DonationCancelled[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  if (state.status === 'cancelled') return [];
  if (state.status !== 'verified') throw new AppError('CONFLICT', { userMessage: CANCEL_NOT_VERIFIED });
  return [
    {
      type: 'DonationCancelled',
      data: {
        reference: command.reference,
        amountPaise: state.amountPaise,
        donorKey: state.donorKey,
        referrerId: state.referrerId,
        memberId: state.memberId,
        reason: command.reason,
        cancelledAt: command.now.toISOString(),
        ...(state.helpRequestId ? { helpRequestId: state.helpRequestId } : {}),
        ...(isForeignContribution(state) ? { isForeignContribution: true as const } : {}),
      },
    },
  ];
}

export const REJECT_VERIFIED = 'A verified donation cannot be rejected. Cancel it instead, with the reason.';

export const REJECT_CANCELLED = 'This donation was cancelled already.';

/**
 * Pure: finance rejects a donation it cannot match to money received (with a reason the donor
 * sees). A pledge may be rejected before proof arrives too (a test or a duplicate). Rejecting again
 * finds it done; a verified donation is cancelled instead, never rejected.
 */
export function decideReject(command: { reference: string; reason: string; now: Date }, state: DonationState): DonationRejected[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  if (state.status === 'rejected') return [];
  if (state.status === 'verified') throw new AppError('CONFLICT', { userMessage: REJECT_VERIFIED });
  if (state.status === 'cancelled') throw new AppError('CONFLICT', { userMessage: REJECT_CANCELLED });
  return [{ type: 'DonationRejected', data: { reference: command.reference, reason: command.reason, rejectedAt: command.now.toISOString() } }];
}

/**
 * Pure: erasing a donation's personal data records one PII-free PersonalDataErased on its stream
 * (subject donation-<reference>); again, it finds it done. The donation itself — amount, states,
 * serial — stays: the accounts must still add up.
 */
export function decideEraseDonation(command: { reference: string; reason: string; now: Date }, state: DonationState): PersonalDataErased[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  if (state.isErased) return [];
  return [{ type: 'PersonalDataErased', data: { subjectId: donationStreamId(command.reference), erasedAt: command.now.toISOString(), reason: command.reason } }];
}

/** A pledge with no proof this long after it was made shows as abandoned (PRODUCT.md §6). */
export const ABANDON_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Pure: a pledge still awaiting payment 7 days after it was made is abandoned — an event, not a
 * deletion; proof afterwards reopens it. Anything else (proof arrived, decided, too young, marked
 * already) records nothing, so a run that overlaps another, or repeats a slot, changes nothing.
 */
export function decideAbandon(command: { reference: string; now: Date }, state: DonationState): DonationAbandoned[] {
  if (!state.exists || state.status !== 'awaiting_payment' || state.pledgedAt === null) return [];
  if (Date.parse(state.pledgedAt) + ABANDON_AFTER_MS > command.now.getTime()) return [];
  return [{ type: 'DonationAbandoned', data: { reference: command.reference, abandonedAt: command.now.toISOString() } }];
}

export type ScreenshotOutcome = { fileId: string; width: number; height: number } | { rejected: DonationScreenshotRejected['data']['reason'] };

/**
 * Pure: the image job's result, recorded once and only for the screenshot still waiting: a second
 * delivery of the job, or one for a screenshot a newer one replaced, records nothing.
 */
export function decideScreenshotResult(
  command: { reference: string; uploadId: string; outcome: ScreenshotOutcome; now: Date },
  state: DonationState,
): (DonationScreenshotProcessed | DonationScreenshotRejected)[] {
  if (!state.exists || state.isErased || state.pendingScreenshotUploadId !== command.uploadId) return [];
  const at = command.now.toISOString();
  const { reference, uploadId, outcome } = command;
  if ('rejected' in outcome) return [{ type: 'DonationScreenshotRejected', data: { reference, uploadId, reason: outcome.rejected, rejectedAt: at } }];
  return [{ type: 'DonationScreenshotProcessed', data: { reference, uploadId, fileId: outcome.fileId, width: outcome.width, height: outcome.height, processedAt: at } }];
}

export const DONOR_ERASED = 'This donor’s personal data has been erased; no ID can be recorded for them.';

/**
 * Whether there is an ID to record: refuses a donation that is not there or was erased, and is false
 * for the ID recorded already. The command asks it before sealing the number, so nothing is sealed
 * for a decision that records nothing; decideRecordDonorId applies the same rule.
 */
export function hasDonorIdToRecord(command: { kind: OtherDonorIdKind; numberKey: string }, state: DonationState): boolean {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  if (state.isErased) throw new AppError('CONFLICT', { userMessage: DONOR_ERASED });
  return !(state.donorId?.kind === command.kind && state.donorId.numberKey === command.numberKey);
}

/**
 * Pure: finance records an ID of the donor for Form 10BD. The same ID again records nothing; a
 * different one replaces it (the latest is the one the statement uses). Not for an erased donor.
 */
export function decideRecordDonorId(
  command: { reference: string; kind: OtherDonorIdKind; number: Sealed; numberKey: string; recordedBy: string; now: Date },
  state: DonationState,
): DonorIdentificationRecorded[] {
  if (!hasDonorIdToRecord(command, state)) return [];
  const { reference, kind, number, numberKey, recordedBy } = command;
  return [{ type: 'DonorIdentificationRecorded', data: { reference, kind, number, numberKey, recordedBy, recordedAt: command.now.toISOString() } }];
}

export const PAN_NAME_WITHOUT_ID = 'Record the donor’s PAN or other ID first: the name as on it goes with it.';

/**
 * Whether there is a name as on the PAN to record: refuses a donation that is not there, was
 * erased, or has no ID (neither a PAN given with it nor one finance recorded), and is false for the
 * name recorded already. Asked before sealing, as hasDonorIdToRecord is.
 */
export function hasPanNameToRecord(command: { panNameKey: string }, state: DonationState): boolean {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  if (state.isErased) throw new AppError('CONFLICT', { userMessage: DONOR_ERASED });
  if (!state.hasPan && !state.donorId) throw new AppError('CONFLICT', { userMessage: PAN_NAME_WITHOUT_ID, fieldErrors: { panName: [PAN_NAME_WITHOUT_ID] } });
  return state.panNameKey !== command.panNameKey;
}

/**
 * Pure: finance sets or corrects the donor's name as on their PAN (Latin letters) for Form 10BD.
 * The same name again records nothing; another replaces it. Only for a donation with an ID.
 */
export function decideRecordPanName(
  command: { reference: string; panName: Sealed; panNameKey: string; recordedBy: string; now: Date },
  state: DonationState,
): DonorPanNameRecorded[] {
  if (!hasPanNameToRecord(command, state)) return [];
  const { reference, panName, panNameKey, recordedBy } = command;
  return [{ type: 'DonorPanNameRecorded', data: { reference, panName, panNameKey, recordedBy, recordedAt: command.now.toISOString() } }];
}

export interface RetentionState {
  keptUntil: string | null;
  isShredded: boolean;
}

/** Nothing retained yet. */
export const noRetention: RetentionState = { keptUntil: null, isShredded: false };

export function evolveRetention(state: RetentionState, event: Recorded<DonationStreamEvent>): RetentionState {
  if (event.type === 'DonationReceiptRetained') return { ...state, keptUntil: event.data.keptUntil };
  if (event.type === 'RetainedReceiptShredded') return { ...state, isShredded: true };
  return state;
}

/** Pure: a kept receipt whose last day (`keptUntil`, in India) is before `today` is shredded, once. */
export function decideShredRetainedReceipt(command: { reference: string; today: string; now: Date }, state: RetentionState): RetainedReceiptShredded[] {
  if (state.keptUntil === null || state.isShredded || command.today <= state.keptUntil) return [];
  return [{ type: 'RetainedReceiptShredded', data: { reference: command.reference, shreddedAt: command.now.toISOString() } }];
}

export const PROOF_ALREADY_VERIFIED = 'This donation has already been verified. Thank you!';

export const PROOF_AFTER_REJECTION = 'This donation was rejected, so proof can no longer be added. Please make a new donation or write to us.';

export const PROOF_AFTER_CANCELLATION = 'This donation was cancelled, so proof can no longer be added. Please write to us.';

/** As the schema gives them: the contact normalised, the UTR in capitals without spaces. */
export interface ProofFields {
  contact: string;
  utr: string;
}

export interface ProofState {
  donation: DonationState;
  /** Whether the contact given is one given with the donation (from the read model, under the current blind-index key). */
  isContactMatch: boolean;
}

/**
 * Pure: the donor's proof of payment. Any wrong reference or contact gets one and the same answer,
 * so the answer tells nothing about which half was wrong. Proof reopens an abandoned pledge and may
 * correct an earlier one while the donation waits; the same UTR again without a screenshot is
 * already recorded (nothing new). A decided donation takes no more proof.
 */
export function decideSubmitProof(
  command: { reference: string; utr: string; utrKind: UtrKind; screenshotUploadId: string | null; now: Date },
  state: ProofState,
): DonationProofSubmitted[] {
  const { donation } = state;
  if (!donation.exists || !state.isContactMatch) throw new AppError('NOT_FOUND', { userMessage: NO_MATCHING_DONATION });
  if (donation.status === 'verified') throw new AppError('CONFLICT', { userMessage: PROOF_ALREADY_VERIFIED });
  if (donation.status === 'cancelled') throw new AppError('CONFLICT', { userMessage: PROOF_AFTER_CANCELLATION });
  if (donation.status === 'rejected') throw new AppError('CONFLICT', { userMessage: PROOF_AFTER_REJECTION });
  if (command.screenshotUploadId === null && donation.status === 'proof_received' && donation.proof?.utr === command.utr) return [];
  return [
    {
      type: 'DonationProofSubmitted',
      data: {
        reference: command.reference,
        utr: command.utr,
        utrKind: command.utrKind,
        screenshotUploadId: command.screenshotUploadId,
        submittedAt: command.now.toISOString(),
      },
    },
  ];
}

/**
 * What the receipt job needs from a donation's stream. Its own small fold rather than the module's
 * full donation state: the job reads only the pledge, the verification with its frozen receipt, the
 * cancellation and which receipts are already drawn.
 */
export interface ReceiptJobState {
  pledge: { amountPaise: number; cause: DonationVerified['data']['cause']; donor: Sealed; monthlyPlanId?: string } | null;
  verified: DonationVerified['data'] | null;
  cancelled: DonationCancelled['data'] | null;
  rendered: Partial<Record<ReceiptVariant, { fileId: string; serial: string }>>;
  isErased: boolean;
}

export const noReceiptJobState: ReceiptJobState = { pledge: null, verified: null, cancelled: null, rendered: {}, isErased: false };

export function evolveReceiptJob(state: ReceiptJobState, event: Recorded<DonationStreamEvent>): ReceiptJobState {
  switch (event.type) {
    case 'DonationPledged':
      return {
        ...state,
        pledge: { amountPaise: event.data.amountPaise, cause: event.data.cause, donor: event.data.donor, ...(event.data.monthlyPlanId ? { monthlyPlanId: event.data.monthlyPlanId } : {}) },
      };
    case 'DonationVerified':
      return { ...state, verified: event.data };
    case 'DonationCancelled':
      return { ...state, cancelled: event.data };
    case 'ReceiptRendered':
      return { ...state, rendered: { ...state.rendered, [event.data.variant]: { fileId: event.data.fileId, serial: event.data.serial } } };
    case 'PersonalDataErased':
      return { ...state, isErased: true };
    // The receipt prints the PAN given with the gift; an ID or a PAN name recorded later is for Form 10BD only.
    case 'DonorIdentificationRecorded':
    case 'DonorPanNameRecorded':
    case 'DonationOrderCreated':
    case 'DonationRefundRequested':
    case 'DonationRefundCreated':
    case 'DonationRefundFailed':
    case 'DonationRefundProcessed':
    case 'OnlinePaymentFailed':
    case 'DonationProofSubmitted':
    case 'DonationScreenshotProcessed':
    case 'DonationScreenshotRejected':
    case 'DonationRejected':
    case 'DonationAbandoned':
    case 'DonationReceiptRetained':
    case 'RetainedReceiptShredded':
      return state;
    default: {
      // An event type this version does not know (written by a newer one): it changes nothing here.
      const _unknown: never = event;
      return state;
    }
  }
}

/**
 * Pure: records that a variant of the receipt was drawn and stored as `fileId`. Finding it already
 * drawn (a redelivery, a replay, a second run racing this one) records nothing, so one variant has
 * one file; so does a donation whose personal data was erased meanwhile. A variant whose event is
 * not on the stream is a bug upstream, not something to draw.
 */
export function decideReceiptRendered(
  command: { reference: string; variant: ReceiptVariant; fileId: string; now: Date },
  state: ReceiptJobState,
): ReceiptRendered[] {
  if (!state.verified) throw new Error(`render-donation-receipt: donation ${command.reference} has no issued receipt`);
  if (command.variant === 'cancelled' && !state.cancelled) throw new Error(`render-donation-receipt: donation ${command.reference} is not cancelled`);
  if (state.rendered[command.variant] || state.isErased) return [];
  return [
    {
      type: 'ReceiptRendered',
      data: { reference: command.reference, serial: state.verified.receipt.serial, variant: command.variant, fileId: command.fileId, renderedAt: command.now.toISOString() },
    },
  ];
}

export const VERIFY_WITHOUT_PROOF = 'No proof of payment has been submitted for this donation yet.';

export const VERIFY_REJECTED = 'This donation was rejected, so it cannot be verified.';

export const VERIFY_CANCELLED = 'This donation was cancelled, so it cannot be verified again.';

export const RECEIVED_IN_FUTURE = 'The date the money arrived cannot be in the future.';

export const RECEIVED_BEFORE_PLEDGE = 'The money cannot have arrived before the donation was made. Check the date.';

export const RECEIVED_TOO_LONG_AGO = 'The date the money arrived must fall in this financial year or the last one. Check the date.';

export const INSTRUMENT_DATE_IN_FUTURE = 'The date on the cheque or DD cannot be after the day it was received.';

/** Cheques and DDs are valid for three months from their date in India (RBI, since 1 April 2012). */
export const INSTRUMENT_DATE_TOO_OLD = 'The cheque or DD is dated more than 3 months before it was received, so a bank will not honour it. Check the date.';

export const INSTRUMENT_DETAILS_NOT_ALLOWED = 'A bank and date are only recorded for a cheque or demand draft.';

/** "This UTR already verified donation {reference}." */
export const UTR_ALREADY_USED = 'This UTR already verified donation {reference}.';

export const VERIFY_CONFLICT = 'Another verification was recorded at the same moment. Please try again.';

/** "This cheque or DD (same number and amount) already verified donation {reference}." */
export const INSTRUMENT_ALREADY_USED = 'This cheque or DD (same number and amount) already verified donation {reference}.';

export const UTR_CHANGED = 'The donor changed the UTR since this page was loaded. Check the new UTR against the bank statement, then verify.';

export function utrAlreadyUsed(reference: string): string {
  return UTR_ALREADY_USED.replace('{reference}', formatReference(reference));
}

export function instrumentAlreadyUsed(reference: string): string {
  return INSTRUMENT_ALREADY_USED.replace('{reference}', formatReference(reference));
}

/** A claim stream (a UTR's or a cheque's) as read for a decision: who holds it, and whether that donation was cancelled since. */
export interface ClaimRead {
  streamId: string;
  claim: UtrClaimState;
  isHolderCancelled: boolean;
}

/** Whether `claim` stops `reference` from claiming: held by another donation that still stands. */
export function isClaimedByAnother(claim: ClaimRead | null, reference: string): string | null {
  const holder = claim?.claim.claimedBy ?? null;
  return holder !== null && holder !== reference && !claim!.isHolderCancelled ? holder : null;
}

/** Where the next receipt serial comes from: the serial stream of the receipt prefix and the financial year of `receivedOn`. */
export interface SerialSlot {
  streamId: string;
  prefix: string;
  financialYear: string;
  /** The stream's version, read holding the stream's lock: the number of the last serial issued (null: none yet). */
  version: number | null;
  /** The foreign contributions' series (`<prefix>-FC`); absent or false: the domestic one. */
  isForeignSeries?: boolean;
}

/**
 * What a receipt says about the foundation, from the settings in force when it is issued, and the
 * signatory's signature image then in force (its file ID; null: none uploaded).
 */
export function receiptIssuerOf(settings: TSettings, signatureFileId: string | null): ReceiptIssuer {
  return {
    foundationName: settings.foundationName,
    address: settings.address,
    pan: settings.pan,
    registrationNo: settings.registrationNo,
    twelveANo: settings.twelveANo,
    taxExemptionNo: settings.taxExemptionNo,
    taxSectionLabel: settings.taxSectionLabel,
    taxSectionLabelHi: taxSectionInHindi(settings.taxSectionLabel),
    phone: settings.phone,
    email: settings.email,
    approvalIssuedOn: settings.approvalIssuedOn,
    approvalValidFrom: settings.approvalValidFrom,
    approvalValidUntil: settings.approvalValidUntil,
    signatoryName: settings.signatoryName,
    signatoryDesignation: settings.signatoryDesignation,
    signatureFileId,
    form10bdDueOn: settings.form10bdDueOn,
    ...(settings.fcraRegistrationNumber ? { fcraRegistrationNumber: settings.fcraRegistrationNumber } : {}),
    shaper: 'harfbuzz',
  };
}

/**
 * What one gift's receipt says of the issuer: a foreign contribution's names the FCRA registration and
 * says nothing of Form 10BE (it is never in Form 10BD); a domestic gift's never mentions FCRA.
 */
export function receiptIssuerFor(issuer: ReceiptIssuer, isForeign: boolean): ReceiptIssuer {
  const { form10bdDueOn, fcraRegistrationNumber, ...common } = issuer;
  if (isForeign) return fcraRegistrationNumber ? { ...common, fcraRegistrationNumber } : common;
  return form10bdDueOn ? { ...common, form10bdDueOn } : common;
}

/** "The last day a cheque dated `date` can be received": three calendar months on (a 30 Nov cheque: 28 Feb). */
export function instrumentValidUntil(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const targetMonth = month - 1 + 3;
  const lastDay = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

export interface VerificationCommand {
  reference: string;
  /** The UTR the admin checked; the proof must still carry it. Undefined: not given (offline gifts, older clients). */
  expectedUtr?: string;
  receivedOn: string;
  mode: DonationMode;
  instrumentNumber: string | null;
  /** A cheque's or DD's bank and date, when recorded with it (offline gifts). */
  instrument?: { bank: string; date: string };
  issuer: ReceiptIssuer;
  /** Chosen by finance; undefined: the default of the gift's cause (defaultDonationTypeOf). */
  donationType?: DonationType;
  now: Date;
}

/**
 * Pure: the events of a verification once it is allowed — DonationVerified with its receipt frozen,
 * the next serial of the year on the serial stream (its version becomes the serial's number, so no
 * number is skipped or issued twice), and the UTR's claim. Shared with offline gifts.
 */
export function verificationEvents(
  command: VerificationCommand,
  donation: Pick<DonationState, 'amountPaise' | 'cause' | 'donorKey' | 'referrerId' | 'memberId' | 'channel' | 'pledgedAt'> & Partial<Pick<DonationState, 'helpRequestId' | 'citizenship'>>,
  serial: SerialSlot,
  utr: { value: string; streamId: string } | null,
  instrument: { streamId: string } | null = null,
): StreamEvents<DonationEvent>[] {
  const issuedOn = indiaDateOf(command.now);
  const refuseDate = (message: string) => new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { receivedOn: [message] } });
  if (command.receivedOn > issuedOn) throw refuseDate(RECEIVED_IN_FUTURE);
  // A serial, once issued, is never taken back: a mistyped year would open a financial year's series for good.
  if (command.receivedOn < startOfPreviousFinancialYear(issuedOn)) throw refuseDate(RECEIVED_TOO_LONG_AGO);
  if (donation.channel === 'online' && donation.pledgedAt && command.receivedOn < indiaDateOf(new Date(donation.pledgedAt))) throw refuseDate(RECEIVED_BEFORE_PLEDGE);
  if (command.instrument) checkInstrument(command.mode, command.instrument, command.receivedOn);
  const isForeign = isForeignContribution(donation);
  // The command reads the slot of the donation's series; a slot of the other series would mix the two.
  if (isForeign !== Boolean(serial.isForeignSeries)) throw new Error(`verificationEvents: donation ${command.reference} was given a serial of the wrong series`);
  const number = (serial.version ?? 0) + 1;
  const serialText = formatSerial(serial.prefix, serial.financialYear, number);
  const at = command.now.toISOString();
  const verified: DonationVerified = {
    type: 'DonationVerified',
    data: {
      reference: command.reference,
      amountPaise: donation.amountPaise,
      ...(donation.helpRequestId ? { helpRequestId: donation.helpRequestId } : {}),
      cause: donation.cause,
      donorKey: donation.donorKey,
      referrerId: donation.referrerId,
      memberId: donation.memberId,
      receivedOn: command.receivedOn,
      mode: command.mode,
      instrumentNumber: command.instrumentNumber,
      ...(command.instrument ? { instrumentBank: command.instrument.bank, instrumentDate: command.instrument.date } : {}),
      utr: utr?.value ?? null,
      receipt: {
        serial: serialText,
        financialYear: serial.financialYear,
        number,
        issuedOn,
        issuer: receiptIssuerFor(command.issuer, isForeign),
        isCashAboveLimit: isCashAboveLimit(command.mode, donation.amountPaise),
      },
      donationType: command.donationType ?? defaultDonationTypeOf({ cause: donation.cause, helpRequestId: donation.helpRequestId ?? null }),
      verifiedAt: at,
      ...(isForeign ? { isForeignContribution: true as const } : {}),
    },
  };
  const allocated: ReceiptSerialAllocated = { type: 'ReceiptSerialAllocated', data: { serial: serialText, number, reference: command.reference, allocatedAt: at } };
  const batches: StreamEvents<DonationEvent>[] = [
    { streamId: donationStreamId(command.reference), events: [verified] },
    { streamId: serial.streamId, events: [allocated] },
  ];
  if (utr) {
    const claimed: UtrClaimed = { type: 'UtrClaimed', data: { reference: command.reference, claimedAt: at } };
    batches.push({ streamId: utr.streamId, events: [claimed] });
  }
  if (instrument) {
    const claimed: InstrumentClaimed = { type: 'InstrumentClaimed', data: { reference: command.reference, claimedAt: at } };
    batches.push({ streamId: instrument.streamId, events: [claimed] });
  }
  return batches;
}

/** A cheque's or DD's bank and date: only for those modes, dated no later than received and at most 3 months before. */
function checkInstrument(mode: DonationMode, instrument: { bank: string; date: string }, receivedOn: string): void {
  if (mode !== 'cheque' && mode !== 'dd') throw new AppError('BAD_REQUEST', { userMessage: INSTRUMENT_DETAILS_NOT_ALLOWED, fieldErrors: { instrumentBank: [INSTRUMENT_DETAILS_NOT_ALLOWED] } });
  const refuse = (message: string) => new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { instrumentDate: [message] } });
  if (instrument.date > receivedOn) throw refuse(INSTRUMENT_DATE_IN_FUTURE);
  if (instrumentValidUntil(instrument.date) < receivedOn) throw refuse(INSTRUMENT_DATE_TOO_OLD);
}

export interface VerifyState {
  donation: DonationState;
  serial: SerialSlot;
  /** The UTR of the proof and its claim stream; null when the donation has no proof. */
  utr: ({ value: string } & ClaimRead) | null;
  /** The cheque's or DD's claim when verifying with one; null otherwise. */
  instrument: ClaimRead | null;
}

/**
 * Pure: a finance admin verifies a donation whose proof arrived. Verifying again finds it done (no
 * events). One UTR verifies one donation: a UTR another donation verified with is refused with that
 * donation's reference — unless that donation was cancelled since, which frees the UTR.
 */
export function decideVerify(command: VerificationCommand, state: VerifyState): StreamEvents<DonationEvent>[] {
  const { donation } = state;
  if (!donation.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  switch (donation.status) {
    case 'verified':
      return [];
    case 'cancelled':
      throw new AppError('CONFLICT', { userMessage: VERIFY_CANCELLED });
    case 'rejected':
      throw new AppError('CONFLICT', { userMessage: VERIFY_REJECTED });
    case 'awaiting_payment':
    case 'abandoned':
    case null:
      throw new AppError('CONFLICT', { userMessage: VERIFY_WITHOUT_PROOF });
    case 'proof_received':
      break;
    default: {
      const unhandled: never = donation.status;
      return unhandled;
    }
  }
  const { utr } = state;
  if (command.expectedUtr !== undefined && command.expectedUtr !== utr?.value) {
    throw new AppError('CONFLICT', { userMessage: UTR_CHANGED, fieldErrors: { utr: [UTR_CHANGED] } });
  }
  const utrHolder = isClaimedByAnother(utr, command.reference);
  if (utrHolder) throw new AppError('CONFLICT', { userMessage: utrAlreadyUsed(utrHolder) });
  const instrumentHolder = isClaimedByAnother(state.instrument, command.reference);
  if (instrumentHolder) throw new AppError('CONFLICT', { userMessage: instrumentAlreadyUsed(instrumentHolder), fieldErrors: { instrumentNumber: [instrumentAlreadyUsed(instrumentHolder)] } });
  return verificationEvents(command, donation, state.serial, utr && { value: utr.value, streamId: utr.streamId }, state.instrument && { streamId: state.instrument.streamId });
}

/**
 * Pure: a gift received at the office (cash, cheque, DD) is pledged and verified in one decision:
 * DonationPledged (channel offline) and DonationVerified on its new stream, and the year's next
 * serial. A cash gift above ₹2,000 is recorded, and its receipt says it cannot be claimed.
 */
export function decideRecordOffline(
  command: { pledge: PledgeCommand; verification: VerificationCommand },
  state: PledgeState & { serial: SerialSlot; instrument?: ClaimRead | null },
): StreamEvents<DonationEvent>[] {
  const pledged = decidePledge(command.pledge, state);
  // The same cheque or DD entered twice (a retried request, two admins at the counter) is one gift.
  const holder = isClaimedByAnother(state.instrument ?? null, command.pledge.reference);
  if (holder) throw new AppError('CONFLICT', { userMessage: instrumentAlreadyUsed(holder), fieldErrors: { instrumentNumber: [instrumentAlreadyUsed(holder)] } });
  const { pledge } = command;
  const donation = {
    amountPaise: pledge.amountPaise,
    cause: pledge.cause,
    donorKey: pledge.donorKey,
    referrerId: state.referrer?.userId ?? null,
    memberId: pledge.memberId,
    channel: 'offline' as const,
    pledgedAt: null,
    citizenship: pledge.citizenship ?? null,
  };
  const streamId = donationStreamId(pledge.reference);
  // The pledge comes first on the donation's new stream, then its verification.
  const instrument = state.instrument ? { streamId: state.instrument.streamId } : null;
  return verificationEvents(command.verification, donation, state.serial, null, instrument).map((batch) =>
    batch.streamId === streamId ? { streamId, events: [...pledged, ...batch.events] } : batch,
  );
}

/** The donation stream (`donation-<reference>`), configured once for the command handler. */
export const donationStream = streamType<DonationState, DonationStreamEvent>({ prefix: DONATION_STREAM_PREFIX, evolve: evolveDonation, initialState: noDonation });
