import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import type {
  Cause,
  DonationMode,
  DonationStatus,
  DonationStreamEvent,
  InstrumentClaimed,
  IssuedReceipt,
  OtherDonorIdKind,
  ReceiptVariant,
  UtrClaimed,
  UtrKind,
} from './donations.events.ts';

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
    verifiedAt: string;
  } | null;
  rejection: { reason: string; rejectedAt: string } | null;
  cancellation: { reason: string; cancelledAt: string } | null;
  /** The file of each receipt variant rendered so far. */
  renderedReceipts: Record<ReceiptVariant, string | null>;
  /** The donor's ID recorded by finance for Form 10BD (the latest), by its blind index. */
  donorId: { kind: OtherDonorIdKind; numberKey: string } | null;
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
  proof: null,
  pendingScreenshotUploadId: null,
  screenshot: null,
  verification: null,
  rejection: null,
  cancellation: null,
  renderedReceipts: { issued: null, cancelled: null },
  donorId: null,
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
          verifiedAt: data.verifiedAt,
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
    case 'PersonalDataErased':
      return { ...state, isErased: true, donor: null, donorId: null };
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
