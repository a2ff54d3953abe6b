import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import type { DocumentKind, IndianState, RejectionReason, StoredDocumentKind, StoredDocumentMediaType } from './submission/kanyadan-fields.schema.ts';

export type { PersonalDataErased };

/**
 * The Kanyadan module's facts (PRODUCT.md §7, issue 11). An application's personal fields are
 * sealed under the subject `kanyadan-<regNo>`, its own data key: erasing the key erases the girl
 * and her family from every event and every document, and leaves the number, the states, the
 * amounts and the actors for audit. In plain text are only what cannot name a person: the
 * registration number, the state and district (coarse places, for the queue's filters and the
 * public counters), the age in whole years at submission, and decisions with their actors.
 */

export const KANYADAN_STREAM_PREFIX = 'kanyadan-';
export const KANYADAN_ACCESS_STREAM_PREFIX = 'kanyadan_access-';

export function kanyadanStreamId(regNo: string): string {
  return `${KANYADAN_STREAM_PREFIX}${regNo}`;
}

/** Who looked at what of an application: its own stream, so a view never races a decision. */
export function kanyadanAccessStreamId(regNo: string): string {
  return `${KANYADAN_ACCESS_STREAM_PREFIX}${regNo}`;
}

/** Sealed under kanyadan-<regNo>: everything that names or locates the girl and her family. */
export interface ApplicantDetails {
  girlName: string;
  fatherName: string;
  motherName: string | null;
  /** YYYY-MM-DD. */
  dob: string;
  phone: string;
  email: string | null;
  gender: 'female' | 'other';
  schoolName: string | null;
  schoolAddress: string | null;
  className: string | null;
  fatherRegNo: string | null;
  caste: string;
  guardianName: string;
  guardianRelation: string;
  /** The last 4 digits of the girl's Aadhaar number, when given; the number itself is never kept. */
  aadhaarLast4: string | null;
  /** Blind index 'kanyadan-aadhaar' of the full number: the duplicate check. */
  aadhaarKey: string | null;
  /** Blind index 'kanyadan-identity' of the normalised girl's name, date of birth and father's name. */
  identityKey: string;
  /** Blind index 'kanyadan-phone' of the phone: the family's look-up. */
  phoneKey: string;
}

/** A document as the family sent it, stored sealed until the document job has made it safe. */
export interface ReceivedDocument {
  kind: DocumentKind;
  uploadId: string;
  mediaType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  bytes: number;
}

// ---- stream kanyadan-<regNo> ----

export type KanyadanApplicationSubmitted = {
  type: 'KanyadanApplicationSubmitted';
  data: {
    regNo: string;
    applicant: Sealed;
    state: IndianState;
    /** As written (sealed would lose the public districts counter after an erasure; a district names nobody). */
    district: string;
    ageYears: number;
    /** The parent's or guardian's consent, with the wording's version shown to them. */
    consent: { given: true; textVersion: string };
    documents: ReceivedDocument[];
    /** The registration fee in force (0: no payment step). */
    feePaise: number;
    submittedAt: string;
  };
};

export type KanyadanDocumentProcessed = {
  type: 'KanyadanDocumentProcessed';
  data: {
    regNo: string;
    kind: StoredDocumentKind;
    uploadId: string;
    fileId: string;
    mediaType: StoredDocumentMediaType;
    /** Pages of a PDF; 1 for an image. */
    pages: number;
    processedAt: string;
  };
};

export type KanyadanDocumentRejected = {
  type: 'KanyadanDocumentRejected';
  data: { regNo: string; kind: StoredDocumentKind; uploadId: string; reason: 'unreadable' | 'too-many-pixels' | 'too-many-pages'; rejectedAt: string };
};

/** The family's word that the fee was paid: the bank's UTR, for finance to match (not money received yet). */
export type KanyadanFeeProofSubmitted = {
  type: 'KanyadanFeeProofSubmitted';
  data: { regNo: string; utr: string; submittedAt: string };
};

export type KanyadanFeePaid = {
  type: 'KanyadanFeePaid';
  data: { regNo: string; amountPaise: number; utr: string; paidOn: string; recordedAt: string };
};

export type KanyadanApplicationVerified = {
  type: 'KanyadanApplicationVerified';
  data: { regNo: string; state: IndianState; district: string; verifiedAt: string };
};

export type KanyadanApplicationRejected = {
  type: 'KanyadanApplicationRejected';
  data: {
    regNo: string;
    reason: RejectionReason;
    /** What the admin added for the family (a string), sealed: it may name the girl. */
    note: Sealed | null;
    rejectedAt: string;
  };
};

/** Sealed under kanyadan-<regNo>: where the benefit goes. */
export interface BankAccount {
  accountHolder: string;
  accountNumber: string;
  ifsc: string;
}

/** Sealed under kanyadan-<regNo>: the benefit request's personal details (the account, and the day of the wedding). */
export interface BenefitDetails extends BankAccount {
  /** YYYY-MM-DD: the fixed date of the marriage. */
  marriageDate: string;
}

export type KanyadanBenefitRequested = {
  type: 'KanyadanBenefitRequested';
  data: {
    regNo: string;
    /** YYYY-MM-DD: the day of the request, in India; the girl was 18 or older on it. */
    requestedOn: string;
    /** BenefitDetails, sealed. */
    details: Sealed;
    proofs: (Omit<ReceivedDocument, 'kind'> & { kind: 'marriageProof' | 'marriageProof2' })[];
    requestedAt: string;
  };
};

export type KanyadanBenefitApproved = {
  type: 'KanyadanBenefitApproved';
  data: { regNo: string; amountPaise: number; approvedAt: string };
};

export type KanyadanBenefitDisbursed = {
  type: 'KanyadanBenefitDisbursed';
  data: { regNo: string; amountPaise: number; utr: string; paidOn: string; district: string; disbursedAt: string };
};

export type KanyadanApplicationEvent =
  | KanyadanApplicationSubmitted
  | KanyadanDocumentProcessed
  | KanyadanDocumentRejected
  | KanyadanFeeProofSubmitted
  | KanyadanFeePaid
  | KanyadanApplicationVerified
  | KanyadanApplicationRejected
  | KanyadanBenefitRequested
  | KanyadanBenefitApproved
  | KanyadanBenefitDisbursed
  | PersonalDataErased;

// ---- stream kanyadan_access-<regNo> ----

/** A verification admin saw a document (or one page of a PDF). The viewer is the event's actor too. */
export type KanyadanDocumentViewed = {
  type: 'KanyadanDocumentViewed';
  data: { regNo: string; kind: StoredDocumentKind; page: number; viewerId: string; viewedAt: string };
};

/** A verification admin saw the unmasked details. */
export type KanyadanDetailsViewed = {
  type: 'KanyadanDetailsViewed';
  data: { regNo: string; viewerId: string; viewedAt: string };
};

export type KanyadanAccessEvent = KanyadanDocumentViewed | KanyadanDetailsViewed;

export type KanyadanEvent = KanyadanApplicationEvent | KanyadanAccessEvent | KanyadanSubmissionKeyUsed | KanyadanUtrClaimed;

// ---- stream kanyadan_submission-<Idempotency-Key> ----

/** A submission's Idempotency-Key and the application it made: a retry gets the same number back. */
export type KanyadanSubmissionKeyUsed = {
  type: 'KanyadanSubmissionKeyUsed';
  data: { key: string; regNo: string; usedAt: string };
};

// ---- stream kanyadan_utr-<UTR> ----

/** A bank reference recorded once across Kanyadan payments (fees and benefits). */
export type KanyadanUtrClaimed = {
  type: 'KanyadanUtrClaimed';
  data: { utr: string; regNo: string; purpose: 'fee' | 'benefit'; claimedAt: string };
};
