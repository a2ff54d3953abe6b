import type { Sealed } from '#server/event-store/sealing/personal-data';

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

/** Who the beneficiary is to the requester. */
export const HELP_RELATIONS = ['self', 'spouse', 'child', 'parent', 'sibling', 'grandparent', 'grandchild', 'other-relative'] as const;
export type HelpRelation = (typeof HELP_RELATIONS)[number];

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
  /** Who the beneficiary is to the requester. */
  relation: HelpRelation;
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
  /** 1 for an image; a PDF's page count (staff see each page as an image). */
  pages: number;
  /** YYYY-MM-DD as the requester entered it (an estimate or bill is taken up to 6 months old); staff check it. */
  documentDate: string | null;
}

// ---- stream help-<requestId> ----

/** A request's title and story: they tell of a person, so they are personal data (issue 29). */
export interface HelpRequestText {
  title: BilingualText;
  story: BilingualText;
}

/**
 * Version 2 (issue 29) seals the title and story under the request's key (`text`), so erasing the
 * request erases them. Version 1 held them in clear as `title` and `story`; its upcaster gives them
 * as an unsealed `text` (decision 041 reseals what is still stored that way).
 */
export const HELP_REQUESTED_SCHEMA_VERSION = 2;

export type HelpRequested = {
  type: 'HelpRequested';
  data: {
    requestId: string;
    requesterId: string;
    category: HelpCategory;
    /**
     * HelpRequestText sealed under help-<requestId>; a plain HelpRequestText only from a version 1
     * event; null when the reseal found the request's key already destroyed (decision 041).
     */
    text: Sealed | HelpRequestText | null;
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

/**
 * Staff's question to the requester, shown on the request's page. Version 2 (issue 29 review) seals
 * the question (a string) under the request's key: staff may quote or name the requester or the
 * beneficiary in it. Version 1 held it in clear (its upcaster keeps it as it is); the owner's reseal
 * (decision 041) seals what is still stored that way, or drops it (null) once the key is gone.
 */
export const HELP_INFORMATION_REQUESTED_SCHEMA_VERSION = 2;

export type HelpInformationRequested = {
  type: 'HelpInformationRequested';
  data: { requestId: string; question: Sealed | string | null; askedBy: string; askedAt: string };
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

/**
 * Staff reject a request with a reason the requester sees. Version 2 (issue 29) seals the reason (a
 * string) under the request's key: staff may name the requester or the beneficiary in it. Version 1
 * held it in clear (its upcaster keeps it as it is); the owner's reseal (decision 041) seals what is
 * still stored that way, or drops it (null) once the key is gone.
 */
export const HELP_REQUEST_REJECTED_SCHEMA_VERSION = 2;

export type HelpRequestRejected = {
  type: 'HelpRequestRejected';
  data: { requestId: string; reason: Sealed | string | null; rejectedBy: string; rejectedAt: string };
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

/** The requester or a staff member tells the request's readers what has happened (published or closed requests). */
/**
 * Version 2 (issue 29) seals the update's text (BilingualText) under the request's key: a requester's
 * news tells of a person. Version 1 held it in clear (its upcaster keeps it as it is); the owner's
 * reseal (decision 041) seals what is still stored that way, or drops it (null) once the key is gone.
 */
export const HELP_UPDATE_POSTED_SCHEMA_VERSION = 2;

export type HelpUpdatePosted = {
  type: 'HelpUpdatePosted';
  data: { requestId: string; text: Sealed | BilingualText | null; by: 'requester' | 'staff'; postedBy: string; postedAt: string };
};

export type HelpRequestEvent =
  | HelpUpdatePosted
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

/**
 * Finance reject a withdrawal with a reason the requester sees. Version 2 (issue 29) seals the reason
 * under the request's key, as HelpRequestRejected does; version 1 held it in clear (resealed, or
 * dropped once the key is gone, by the owner's reseal).
 */
export const DISBURSEMENT_REJECTED_SCHEMA_VERSION = 2;

export type DisbursementRejected = {
  type: 'DisbursementRejected';
  data: { requestId: string; disbursementId: string; reason: Sealed | string | null; rejectedBy: string; rejectedAt: string };
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
    /** Copied from the request (and its help request's cause) so that other modules' projections need neither. */
    amountPaise: number;
    netPaise: number;
    cause: HelpDonationCause;
  };
};

/** The donation cause a help category counts under on the transparency page. */
export type HelpDonationCause = 'general' | 'kanyadan' | 'medical' | 'education' | 'accident' | 'environment';

// ---- stream help_disbursement-<disbursementId>: a withdrawal's ID belongs to one request ----

export const HELP_DISBURSEMENT_ID_STREAM_PREFIX = 'help_disbursement-';

export type HelpDisbursementIdClaimed = {
  type: 'HelpDisbursementIdClaimed';
  data: { disbursementId: string; requestId: string; claimedAt: string };
};

// ---- stream help_utr-<UTR>: a bank reference recorded once across help disbursements ----

export const HELP_UTR_STREAM_PREFIX = 'help_utr-';

export type HelpDisbursementUtrClaimed = {
  type: 'HelpDisbursementUtrClaimed';
  data: { utr: string; requestId: string; disbursementId: string; claimedAt: string };
};

export type HelpLedgerEvent =
  | HelpDonationEarmarked
  | HelpDonationUnearmarked
  | DisbursementRequested
  | DisbursementApproved
  | DisbursementRejected
  | DisbursementPaid;

// ---- stream help_access-<requestId>: who opened a request's personal data ----

export const HELP_ACCESS_STREAM_PREFIX = 'help_access-';

export function helpAccessStreamId(requestId: string): string {
  return `${HELP_ACCESS_STREAM_PREFIX}${requestId}`;
}

/** A verification admin opened the beneficiary's name and payout details. */
export type HelpBeneficiaryViewed = {
  type: 'HelpBeneficiaryViewed';
  data: { requestId: string; viewerId: string; viewedAt: string };
};

/** A verification admin opened a document (one page of a PDF). */
export type HelpDocumentViewed = {
  type: 'HelpDocumentViewed';
  data: { requestId: string; index: number; page: number; viewerId: string; viewedAt: string };
};

/** A finance admin opened a withdrawal's Details (the beneficiary's account and contact). */
export type HelpDisbursementDetailsViewed = {
  type: 'HelpDisbursementDetailsViewed';
  data: { requestId: string; disbursementId: string; viewerId: string; viewedAt: string };
};

/** A verification admin opened a direct gift's screenshot (a dispute's evidence). */
export type HelpGiftScreenshotViewed = {
  type: 'HelpGiftScreenshotViewed';
  data: { requestId: string; giftId: string; viewerId: string; viewedAt: string };
};

export type HelpAccessEvent = HelpBeneficiaryViewed | HelpDocumentViewed | HelpDisbursementDetailsViewed | HelpGiftScreenshotViewed;

// ---- stream help_submission-<Idempotency-Key> ----

export const HELP_SUBMISSION_STREAM_PREFIX = 'help_submission-';

/** A submission's Idempotency-Key and the request it made: a retry (or a second tap) gets the same request back. */
export type HelpSubmissionKeyUsed = {
  type: 'HelpSubmissionKeyUsed';
  data: { key: string; requestId: string; usedAt: string };
};

// ---- direct gifts, on the request's stream help-<requestId>: money given straight to the beneficiary's UPI ----

/** A signed-in giver says they paid the beneficiary directly: the amount, the bank's UTR and a screenshot (stored re-encoded, sealed under the request's key). */
export type DirectGiftSubmitted = {
  type: 'DirectGiftSubmitted';
  data: {
    requestId: string;
    giftId: string;
    giverId: string;
    amountPaise: number;
    utr: string;
    screenshot: { fileId: string; mediaType: 'image/jpeg' };
    submittedAt: string;
  };
};

/**
 * The beneficiary saw the money arrive. The giver and the amount are copied from the submission so
 * that other modules' projections (the giver's verified giving, People Helped) need no submission.
 */
export type DirectGiftConfirmed = {
  type: 'DirectGiftConfirmed';
  data: { requestId: string; giftId: string; giverId: string; amountPaise: number; confirmedBy: string; confirmedAt: string };
};

/** The beneficiary says "I did not receive this": the gift goes to staff's dispute queue. */
export type DirectGiftDisputed = {
  type: 'DirectGiftDisputed';
  data: { requestId: string; giftId: string; disputedBy: string; disputedAt: string };
};

/**
 * A verification admin looked at both sides' evidence and decided, with a reason both see. Version 2
 * (issue 29) seals the reason under the request's key (it may name the beneficiary), as
 * HelpRequestRejected does; the giver reads it from the read model while the key lives. Version 1
 * held it in clear (resealed, or dropped once the key is gone, by the owner's reseal).
 */
export const DIRECT_GIFT_DECIDED_SCHEMA_VERSION = 2;

export type DirectGiftDecided = {
  type: 'DirectGiftDecided';
  data: {
    requestId: string;
    giftId: string;
    giverId: string;
    amountPaise: number;
    decision: 'received' | 'not-received';
    reason: Sealed | string | null;
    decidedBy: string;
    decidedAt: string;
  };
};

export type DirectGiftEvent = DirectGiftSubmitted | DirectGiftConfirmed | DirectGiftDisputed | DirectGiftDecided;

// ---- stream help_gift_utr-<UTR>: a bank reference claimed by one direct gift ----

export const HELP_GIFT_UTR_STREAM_PREFIX = 'help_gift_utr-';

export type DirectGiftUtrClaimed = {
  type: 'DirectGiftUtrClaimed';
  data: { utr: string; requestId: string; giftId: string; claimedAt: string };
};

/** HelpRequested version 1 → 2: the clear `title` and `story` become an unsealed `text` (decision 041). */
export function upcastHelpRequestedV1(data: unknown): unknown {
  const { title, story, ...rest } = data as { title: BilingualText; story: BilingualText } & Record<string, unknown>;
  return { ...rest, text: { title, story } };
}
