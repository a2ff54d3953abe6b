import type { Sealed } from '#server/event-store/personal-data';

/**
 * The help module's facts (PRODUCT.md §8, issue 14). A request's personal fields — who the
 * beneficiary is, how they are paid, and the requester's answers to staff — are sealed under the
 * subject `help-<requestId>` by the caller before the decision, so erasing that key erases the
 * beneficiary from every event and leaves the amounts, the states and the actors for audit. In
 * plain text are only what a published request shows anyway (category, title, story, amount) and
 * decisions with the staff member who took them.
 *
 * A request ID is 8 characters of the donations' REFERENCE_ALPHABET
 * ('#server/modules/donations/donation-fields.schema'), so a help request reads like a donation
 * reference and never holds a look-alike character.
 */

export const HELP_STREAM_PREFIX = 'help-';

export function helpStreamId(requestId: string): string {
  return `${HELP_STREAM_PREFIX}${requestId}`;
}

export const HELP_CATEGORIES = ['medical', 'education', 'accident', 'marriage', 'livelihood', 'other'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/**
 * submitted → (information_requested ⇄ submitted) → published | rejected; published → closed.
 * Rejected and closed are final.
 */
export const HELP_REQUEST_STATUSES = ['submitted', 'information_requested', 'published', 'rejected', 'closed'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];

/** funded: the amount needed was reached; requester: withdrawn by the requester; expired: the closing date came. */
export const HELP_CLOSE_REASONS = ['funded', 'requester', 'staff', 'expired'] as const;
export type HelpCloseReason = (typeof HELP_CLOSE_REASONS)[number];

/** The photo ID a verification admin matched the requester against (the number itself is never recorded). */
export const HELP_ID_KINDS = ['aadhaar', 'voter-id', 'pan', 'passport', 'driving-licence', 'ration-card'] as const;
export type HelpIdKind = (typeof HELP_ID_KINDS)[number];

/** What a document shows; 'accident-report' is an FIR or a police or hospital accident report. */
export const HELP_DOCUMENT_KINDS = ['hospital-estimate', 'hospital-bill', 'admission-letter', 'accident-report', 'other'] as const;
export type HelpDocumentKind = (typeof HELP_DOCUMENT_KINDS)[number];

/** The media types accepted for a document, as for Kanyadan documents. */
export const HELP_DOCUMENT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type HelpDocumentMediaType = (typeof HELP_DOCUMENT_MEDIA_TYPES)[number];

/** Text the requester may write in either language or both. */
export interface BilingualText {
  en: string | null;
  hi: string | null;
}

/** Sealed under help-<requestId>: who receives the help and where the money goes. */
export interface HelpBeneficiary {
  name: string;
  /** To the requester: 'self', or the family member (mother, son, ...). */
  relation: string;
  payout: {
    upiId: string | null;
    bankName: string | null;
    accountHolder: string | null;
    accountNumber: string | null;
    ifsc: string | null;
  };
}

export interface HelpDocument {
  uploadId: string;
  kind: HelpDocumentKind;
  mediaType: HelpDocumentMediaType;
  bytes: number;
  /** YYYY-MM-DD as the requester entered it (an estimate or bill is taken up to 6 months old); staff check it. */
  documentDate: string | null;
}

// ---- stream help-<requestId> ----

export type HelpRequested = {
  type: 'HelpRequested';
  data: {
    requestId: string;
    requesterId: string;
    category: HelpCategory;
    title: BilingualText;
    story: BilingualText;
    amountNeededPaise: number;
    /** HelpBeneficiary, sealed. */
    beneficiary: Sealed;
    documents: HelpDocument[];
    requestedAt: string;
  };
};

/** A verification admin matched (or failed to match) the requester with a photo ID. The latest check counts. */
export type HelpIdentityChecked = {
  type: 'HelpIdentityChecked';
  data: { requestId: string; checkedBy: string; idKind: HelpIdKind; isMatched: boolean; checkedAt: string };
};

/** Staff's question to the requester, shown on the request's page; plain, since staff write it for the requester. */
export type HelpInformationRequested = {
  type: 'HelpInformationRequested';
  data: { requestId: string; question: string; askedBy: string; askedAt: string };
};

export type HelpInformationGiven = {
  type: 'HelpInformationGiven';
  data: {
    requestId: string;
    /** The requester's answer (a string), sealed: it may name or locate the beneficiary. */
    answer: Sealed;
    answeredBy: string;
    answeredAt: string;
  };
};

export type HelpRequestPublished = {
  type: 'HelpRequestPublished';
  data: {
    requestId: string;
    publishedBy: string;
    publishedAt: string;
    /** YYYY-MM-DD: 90 days after the day of publishing in India; the request closes on that day. */
    closesOn: string;
  };
};

export type HelpRequestRejected = {
  type: 'HelpRequestRejected';
  data: { requestId: string; reason: string; rejectedBy: string; rejectedAt: string };
};

export type HelpRequestExtended = {
  type: 'HelpRequestExtended';
  data: { requestId: string; closesOn: string; extendedBy: string; extendedAt: string };
};

export type HelpRequestClosed = {
  type: 'HelpRequestClosed';
  data: {
    requestId: string;
    reason: HelpCloseReason;
    /** The requester or the staff member; null when the system closed it (expired, or funded by the ledger). */
    closedBy: string | null;
    closedAt: string;
  };
};

export type HelpRequestEvent =
  | HelpRequested
  | HelpIdentityChecked
  | HelpInformationRequested
  | HelpInformationGiven
  | HelpRequestPublished
  | HelpRequestRejected
  | HelpRequestExtended
  | HelpRequestClosed;

// ---- the disbursement ledger: money the foundation holds for a request (a pure fold) ----

/** A verified donation given for this request (its donation's reference). */
export type HelpDonationEarmarked = {
  type: 'HelpDonationEarmarked';
  data: { requestId: string; reference: string; amountPaise: number };
};

/** That donation cancelled (bounced cheque, chargeback): its money is no longer held for the request. */
export type HelpDonationUnearmarked = {
  type: 'HelpDonationUnearmarked';
  data: { requestId: string; reference: string; amountPaise: number };
};

export type DisbursementRequested = {
  type: 'DisbursementRequested';
  data: {
    requestId: string;
    disbursementId: string;
    amountPaise: number;
    /** The admin-charge setting (basis points) of the amount, rounded down to the paisa. */
    adminChargePaise: number;
    /** amountPaise − adminChargePaise: what the beneficiary receives. */
    netPaise: number;
    /** The beneficiary's contact number (a string of at most 15 characters), sealed: a phone number names a person (rule 9). */
    contactNumber: Sealed;
    requestedBy: string;
    requestedAt: string;
  };
};

export type DisbursementApproved = {
  type: 'DisbursementApproved';
  data: { requestId: string; disbursementId: string; approvedBy: string; approvedAt: string };
};

export type DisbursementRejected = {
  type: 'DisbursementRejected';
  data: { requestId: string; disbursementId: string; reason: string; rejectedBy: string; rejectedAt: string };
};

export type DisbursementPaid = {
  type: 'DisbursementPaid';
  data: {
    requestId: string;
    disbursementId: string;
    utr: string;
    /** YYYY-MM-DD: the day the bank paid it. */
    paidOn: string;
    paidBy: string;
    paidAt: string;
  };
};

export type HelpLedgerEvent =
  | HelpDonationEarmarked
  | HelpDonationUnearmarked
  | DisbursementRequested
  | DisbursementApproved
  | DisbursementRejected
  | DisbursementPaid;
