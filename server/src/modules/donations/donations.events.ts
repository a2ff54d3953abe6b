import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';
import { CITIZENSHIPS, DONATION_CAUSES, DONATION_MODES, DONATION_STATUSES, DONATION_TYPES, UTR_KINDS } from './donation-fields.schema.ts';
import { OTHER_DONOR_ID_KINDS } from './verification/donor-id.schema.ts';
import { ONLINE_PAYMENT_DIFFERENCE_KINDS, ONLINE_PAYMENT_FLAG_REASONS } from './online/online-payments.schema.ts';

export type { PersonalDataErased };

/**
 * The donations module's facts (PRODUCT.md §6; the contract in issue 10). A donation's personal
 * fields are sealed under the subject `donation-<reference>`: the donation is the record, and a
 * donor need not be a member. Stream IDs and types carry no personal data; money is integer paise.
 */

export { DONATION_CAUSES, DONATION_MODES, DONATION_STATUSES, DONATION_TYPES, UTR_KINDS };
import type { Cause } from '#server/shared/causes';

export type { Cause };
export type DonationMode = (typeof DONATION_MODES)[number];
export type UtrKind = (typeof UTR_KINDS)[number];
export { CITIZENSHIPS };
/** What the donor declared (PRODUCT.md §6 "Who gives"): a foreign citizen's gift is a foreign contribution under the FCRA 2010. */
export type Citizenship = (typeof CITIZENSHIPS)[number];
export type DonationStatus = (typeof DONATION_STATUSES)[number];
export type DonationType = (typeof DONATION_TYPES)[number];
export const RECEIPT_VARIANTS = ['issued', 'cancelled'] as const;
export type ReceiptVariant = (typeof RECEIPT_VARIANTS)[number];

/** Sealed under donation-<reference>. */
export interface DonorDetails {
  name: string;
  email: string | null;
  phone: string | null;
  pan: string | null;
  /** The name as on the PAN, in Latin letters (issue 31); absent in pledges recorded before. */
  panName?: string | null;
  address: string | null;
  /** The language of the page the pledge was made on (issue 32): messages go in it alone. Absent: both languages. */
  language?: 'en' | 'hi';
}

/** What a receipt says about the foundation, frozen when it is issued (settings may change later). */
export interface ReceiptIssuer {
  foundationName: { en: string; hi: string };
  address: { en: string; hi: string };
  pan: string;
  registrationNo: string;
  twelveANo: string;
  taxExemptionNo: string;
  taxSectionLabel: string;
  phone: string;
  email: string;
  // Added with issue 31 (an auditor's checklist). Receipts issued before carry none of these, and
  // their PDF is drawn exactly as it was: each part of the receipt below shows only when its field is here.
  /** The tax-exemption approval's date of issue and validity (YYYY-MM-DD, or '' when settings had none). */
  approvalIssuedOn?: string;
  approvalValidFrom?: string;
  approvalValidUntil?: string;
  /** Who signs for the foundation. An office-bearer acting for it, not a donor: printed as settings hold it. */
  signatoryName?: string;
  signatoryDesignation?: string;
  /** The signature image in force at issue (a file of the site module, SIGNATURE_IMAGE_SUBJECT), or null. */
  signatureFileId?: string | null;
  /** MM-DD, the day Form 10BD is due: its presence puts the Form 10BE note on the receipt. Never on a foreign contribution's (not in 10BD). */
  form10bdDueOn?: string;
  /** A foreign contribution's receipt only: the FCRA 2010 registration it was received under, printed on it. */
  fcraRegistrationNumber?: string;
  /**
   * Added with issue 32: the tax section as the Hindi half says it (taxSectionInHindi). Receipts
   * issued before carry none and print the label as typed in both halves, their bytes unchanged.
   */
  taxSectionLabelHi?: string;
  /**
   * Added with decision 082: who shaped the receipt's text when it was issued, so that re-drawing it
   * (cancelled, replayed) gives the same bytes. Absent: issued before, drawn by fontkit.
   */
  shaper?: 'harfbuzz';
}

/** The receipt as issued with the verification: its gap-free serial and what it says, frozen. */
export interface IssuedReceipt {
  /** `PREFIX/2026-27/000123`. */
  serial: string;
  /** `2026-27` (April–March, India). */
  financialYear: string;
  /** The serial's number within its prefix and year: 1, 2, 3 ... with no gap. */
  number: number;
  /** YYYY-MM-DD, the date in India when it was issued. */
  issuedOn: string;
  issuer: ReceiptIssuer;
  /** A cash gift above ₹2,000: the receipt says it cannot be claimed as a deduction (s.80G(5D) / its successor). */
  isCashAboveLimit: boolean;
}

// ---- stream donation-<reference> ----

export type DonationPledged = {
  type: 'DonationPledged';
  data: {
    reference: string;
    amountPaise: number;
    cause: Cause;
    /** The published help request the gift is for (earmarked to it once verified), or null. */
    helpRequestId: string | null;
    /** DonorDetails, sealed under donation-<reference>. */
    donor: Sealed;
    /** Blind index 'donation-donor' of the normalised e-mail, else the phone: tells distinct donors apart. */
    donorKey: string;
    /** Blind indexes 'donation-contact' of the normalised e-mail and phone given: the status lookup. */
    contactKeys: string[];
    hasPan: boolean;
    showName: boolean;
    /** The member credited with "funds raised" once verified. */
    referrerId: string | null;
    /** The signed-in member who gave, credited with "verified giving". */
    memberId: string | null;
    channel: 'online' | 'offline';
    pledgedAt: string;
    /**
     * The donor's declaration, when they made one. Absent: not declared (a pledge before the
     * question existed, or a REST client that does not send it; decision 058) — treated as Indian.
     */
    citizenship?: Citizenship;
    /** A foreign citizen's country of citizenship, ISO 3166-1 alpha-2 ('US'); absent for anyone else. Not identifying alone, so not sealed. */
    country?: string;
    /**
     * The member's fundraiser the gift was given through (issue 33, decision 080): credited to its
     * progress once verified. Absent for any other gift. The gift is the foundation's all the same.
     */
    fundraiserId?: string;
    /** The donor's short message for that fundraiser's page (a string), sealed under donation-<reference> with the donor. */
    message?: Sealed;
    /** The monthly plan this month's gift was pledged for (issue 33, decision 079); absent for any other gift. */
    monthlyPlanId?: string;
  };
};

export type DonationProofSubmitted = {
  type: 'DonationProofSubmitted';
  data: { reference: string; utr: string; utrKind: UtrKind; screenshotUploadId: string | null; submittedAt: string };
};

/** The screenshot job's result: re-encoded, stripped of metadata, stored as `donation-proof`. */
export type DonationScreenshotProcessed = {
  type: 'DonationScreenshotProcessed';
  data: { reference: string; uploadId: string; fileId: string; width: number; height: number; processedAt: string };
};

export type DonationScreenshotRejected = {
  type: 'DonationScreenshotRejected';
  data: { reference: string; uploadId: string; reason: 'unreadable' | 'too-many-pixels'; rejectedAt: string };
};

export type DonationVerified = {
  type: 'DonationVerified';
  data: {
    reference: string;
    // Copied from the pledge so that other modules' projections need no pledge.
    amountPaise: number;
    /** The help request the gift is earmarked for; absent for any other gift. */
    helpRequestId?: string;
    cause: Cause;
    donorKey: string;
    referrerId: string | null;
    memberId: string | null;
    /** YYYY-MM-DD: the day the money arrived; its financial year is the receipt's. */
    receivedOn: string;
    mode: DonationMode;
    /** The cheque or DD number. */
    instrumentNumber: string | null;
    /**
     * The bank a cheque or DD is drawn on and the date written on it (YYYY-MM-DD); absent on gifts
     * verified before issue 31 and on every other mode. Not sealed: a bank's name and an instrument's
     * date name nobody (the donor's name is sealed in the pledge), as the instrument number does not.
     */
    instrumentBank?: string;
    instrumentDate?: string;
    utr: string | null;
    receipt: IssuedReceipt;
    /** Form 10BD's nature of the gift, chosen by finance (decision 057); absent in events recorded before: 'others'. */
    donationType?: DonationType;
    verifiedAt: string;
    /** A foreign contribution (FCRA 2010): its own serial series and totals, never in domestic ones. Absent for any other gift. */
    isForeignContribution?: true;
    /** Mode `online` only (issue 33): the gateway's payment ID (`pay_…`), the receipt's reference for the payment, and its order. */
    paymentId?: string;
    orderId?: string;
  };
};

/**
 * The payment gateway's order for the pledge (issue 33): the page's Checkout pays it, and the
 * payment's webhook and callback name it. IDs and the amount only: nothing about the donor.
 */
export type DonationOrderCreated = {
  type: 'DonationOrderCreated';
  data: { reference: string; gateway: 'razorpay'; orderId: string; amountPaise: number; createdAt: string };
};

/**
 * Finance asked the gateway to refund the whole online payment that verified the donation (issue 33),
 * recorded before the gateway is called: a second click, or ten at once, find it asked for. The
 * reason is finance's (the donor sees it once the refund is processed and the gift cancelled).
 */
export type DonationRefundRequested = {
  type: 'DonationRefundRequested';
  data: { reference: string; gateway: 'razorpay'; paymentId: string; amountPaise: number; reason: string; requestedBy: string; requestedAt: string };
};

/** The gateway took the refund (`rfnd_…`, status `pending` or already `processed`); the receipt is cancelled when `refund.processed` arrives. */
export type DonationRefundCreated = {
  type: 'DonationRefundCreated';
  data: { reference: string; paymentId: string; refundId: string; amountPaise: number; createdAt: string };
};

/** The gateway refused the refund, could not be reached, or reported it failed (`refund.failed`): finance may ask again. */
export type DonationRefundFailed = {
  type: 'DonationRefundFailed';
  data: { reference: string; paymentId: string; refundId: string | null; failure: string; failedAt: string };
};

/** `refund.processed`: the money went back. Recorded with the DonationCancelled that re-issues the receipt marked CANCELLED. */
export type DonationRefundProcessed = {
  type: 'DonationRefundProcessed';
  data: { reference: string; paymentId: string; refundId: string; amountPaise: number; processedAt: string };
};

/**
 * `payment.failed` for the donation's order: the donor's attempt did not go through (the bank's or
 * gateway's error code and reason, no card, VPA, e-mail or phone). Once per payment; the donor's
 * status page and finance see it while the donation is unpaid.
 */
export type OnlinePaymentFailed = {
  type: 'OnlinePaymentFailed';
  data: { reference: string; gateway: 'razorpay'; paymentId: string; orderId: string; errorCode: string | null; errorReason: string | null; failedAt: string };
};

export type DonationRejected = {
  type: 'DonationRejected';
  data: { reference: string; reason: string; rejectedAt: string };
};

/** From the scheduled job: a pledge with no proof for 7 days. Proof afterwards reopens it. */
export type DonationAbandoned = {
  type: 'DonationAbandoned';
  data: { reference: string; abandonedAt: string };
};

/** A verified donation withdrawn (bounced cheque, chargeback, duplicate); its receipt keeps its serial. */
export type DonationCancelled = {
  type: 'DonationCancelled';
  data: {
    reference: string;
    amountPaise: number;
    donorKey: string;
    referrerId: string | null;
    memberId: string | null;
    reason: string;
    cancelledAt: string;
    /** The help request the gift was earmarked for; absent for any other gift. */
    helpRequestId?: string;
    /** Copied from the verification: a foreign contribution leaves the foreign totals, not the domestic ones. */
    isForeignContribution?: true;
  };
};

/** The receipt job stored a PDF of the receipt: as issued, or re-issued marked CANCELLED. */
export type ReceiptRendered = {
  type: 'ReceiptRendered';
  data: { reference: string; serial: string; variant: ReceiptVariant; fileId: string; renderedAt: string };
};

// ---- stream receipt-serials-<prefix>-<2026-27>: version == number, gap-free by construction ----

export type ReceiptSerialAllocated = {
  type: 'ReceiptSerialAllocated';
  data: { serial: string; number: number; reference: string; allocatedAt: string };
};

// ---- stream donation-utr-<UTR>: one verified donation per UTR ----

export type UtrClaimed = {
  type: 'UtrClaimed';
  data: { reference: string; claimedAt: string };
};

export { OTHER_DONOR_ID_KINDS };
export type OtherDonorIdKind = (typeof OTHER_DONOR_ID_KINDS)[number];

/**
 * Finance recorded an ID of the donor (asked for after the gift, for Form 10BD), sealed under
 * donation-<reference> like the donor's other details. `numberKey` is a blind index of the kind and
 * number, so recording the same ID again is recognised without revealing it.
 */
export type DonorIdentificationRecorded = {
  type: 'DonorIdentificationRecorded';
  data: { reference: string; kind: OtherDonorIdKind; number: Sealed; numberKey: string; recordedBy: string; recordedAt: string };
};

/**
 * Finance recorded or corrected the donor's name as on their PAN (or the ID recorded), in Latin
 * letters, for Form 10BD; sealed under donation-<reference> like the donor's other details.
 * `panNameKey` is a blind index of the name, so recording the same name again is recognised.
 */
export type DonorPanNameRecorded = {
  type: 'DonorPanNameRecorded';
  data: { reference: string; panName: Sealed; panNameKey: string; recordedBy: string; recordedAt: string };
};

/**
 * What the law keeps of a verified donation when its donor is erased (issue 29): the receipt data
 * (RetainedReceipt), sealed under a key of its own (receiptRetentionSubjectId), shown to `finance`
 * only, and shredded by the daily job on `keptUntil` (the tax retention period after the financial
 * year). Recorded on the donation's stream just before its PersonalDataErased.
 */
export type DonationReceiptRetained = {
  type: 'DonationReceiptRetained';
  data: { reference: string; serial: string; financialYear: string; keptUntil: string; record: Sealed; retainedAt: string };
};

/** The retention period of a kept receipt ended: its key is destroyed. */
export type RetainedReceiptShredded = {
  type: 'RetainedReceiptShredded';
  data: { reference: string; shreddedAt: string };
};

export interface RetainedReceipt {
  name: string;
  pan: string | null;
  address: string | null;
  amountPaise: number;
  serial: string;
  financialYear: string;
  receivedOn: string | null;
}

/** The subject of a kept receipt's own key: not the donation's, which the erasure destroys. */
export function receiptRetentionSubjectId(reference: string): string {
  return `donation_receipt-${reference}`;
}

export type DonationStreamEvent =
  | DonationReceiptRetained
  | RetainedReceiptShredded
  | DonationPledged
  | DonationOrderCreated
  | DonationRefundRequested
  | DonationRefundCreated
  | DonationRefundFailed
  | DonationRefundProcessed
  | OnlinePaymentFailed
  | DonationProofSubmitted
  | DonationScreenshotProcessed
  | DonationScreenshotRejected
  | DonationVerified
  | DonationRejected
  | DonationAbandoned
  | DonationCancelled
  | ReceiptRendered
  | DonorIdentificationRecorded
  | DonorPanNameRecorded
  | PersonalDataErased;

// ---- stream donation-instrument-<cheque|dd>-<number>-<amount in paise>: one verified gift per cheque or DD ----

/**
 * A cheque or demand draft verified a donation. A cheque number is unique only within its bank, so
 * the claim is on the mode, the number and the amount: the same cheque entered twice (a retried
 * request, two admins at the counter) is refused; two banks' cheques of one number and one amount
 * are rare enough for the message to send staff to check.
 */
export type InstrumentClaimed = {
  type: 'InstrumentClaimed';
  data: { reference: string; claimedAt: string };
};

// ---- stream finance-exports-<admin's user ID>: every export, who made it and of what ----

export const EXPORT_KINDS = ['form-10bd', 'form-10bd-missing-id', 'donations', 'fc-4'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * A finance admin downloaded an export (issue 13): which one, of which year or date range, how many
 * rows, and whether PANs were shown in full. Recorded before the file is sent; names nobody but the
 * admin (the rows themselves are not copied into the event).
 */
export type DonationsExported = {
  type: 'DonationsExported';
  data: { kind: ExportKind; financialYear: string | null; from: string | null; to: string | null; isFullPan: boolean; rows: number; exportedBy: string; exportedAt: string };
};

export function exportsStreamId(adminId: string): string {
  return `finance-exports-${adminId}`;
}

/**
 * A finance admin read the receipt data kept past donors' erasures (issue 29 review): which receipts
 * (their references) were shown. Recorded before anything is revealed, on the reader's own stream
 * `retained-receipts-access-<adminId>` (a look never races a decision); names nobody but the admin.
 */
export type RetainedReceiptsViewed = {
  type: 'RetainedReceiptsViewed';
  data: { references: string[]; viewerId: string; viewedAt: string };
};

export function retainedReceiptsAccessStreamId(adminId: string): string {
  return `retained-receipts-access-${adminId}`;
}

// ---- stream bank-statement-<statement ID>: one uploaded statement (its ID is its content's hash) ----

/** The columns of a statement that hold what matching needs, by their header names as written. */
export interface StatementColumns {
  date: string;
  narration: string;
  reference: string | null;
  credit: string;
  /** The Dr/Cr column of a statement with one column of amounts (decision 054); absent in statements recorded before. */
  direction?: string | null;
}

/**
 * A finance admin uploaded a bank statement. The same file has the same ID, so uploading it again
 * records nothing. Its credit lines are kept sealed under `bank-statement-<id>` (narrations name
 * the people who paid); the file itself is not kept.
 */
export type BankStatementUploaded = {
  type: 'BankStatementUploaded';
  data: { statementId: string; columns: StatementColumns; creditLines: number; lines: Sealed; uploadedBy: string; uploadedAt: string };
};

/** "Verify sure matches" on a statement: which lines verified which donations (each its own DonationVerified). */
export type BankStatementMatchesVerified = {
  type: 'BankStatementMatchesVerified';
  data: { statementId: string; verified: { line: number; reference: string }[]; verifiedBy: string; verifiedAt: string };
};

export function bankStatementStreamId(statementId: string): string {
  return `bank-statement-${statementId}`;
}

// ---- stream bank-statement-columns-<hash of the header row>: the columns chosen for one bank's layout ----

export type BankStatementColumnsChosen = {
  type: 'BankStatementColumnsChosen';
  data: { headers: string[]; columns: StatementColumns; chosenBy: string; chosenAt: string };
};

export type BankStatementEvent = BankStatementUploaded | BankStatementMatchesVerified | BankStatementColumnsChosen;

// ---- stream form-10bd-filing-<2026-27>: the financial year's Form 10BD filings, the first and its revisions ----

/**
 * A finance admin recorded that the year's Form 10BD was filed on the income-tax portal: the day
 * and the portal's acknowledgement number. A second filing of the year is a revision
 * (`isRevision`); the first is kept. Names nobody but the admin.
 */
export type Form10BDFiled = {
  type: 'Form10BDFiled';
  data: { financialYear: string; filedOn: string; acknowledgementNumber: string; isRevision: boolean; recordedBy: string; recordedAt: string };
};

export function form10BDFilingStreamId(financialYear: string): string {
  return `form-10bd-filing-${financialYear}`;
}

export const FORM_10BD_FILING_STREAM_PREFIX = 'form-10bd-filing-';

// ---- stream online-payment-<payment ID>: a gateway payment that could not verify its donation ----

export { ONLINE_PAYMENT_FLAG_REASONS };
export type OnlinePaymentFlagReason = (typeof ONLINE_PAYMENT_FLAG_REASONS)[number];

/**
 * A captured payment that verified nothing, for finance to look into (and refund, if need be): paid
 * another amount or currency than its order, for an order no pledge made, or for a donation that can
 * no longer be verified (rejected or cancelled), or a second payment of a donation already paid.
 * Recorded once per payment; IDs and amounts only.
 */
export type OnlinePaymentFlagged = {
  type: 'OnlinePaymentFlagged';
  data: {
    gateway: 'razorpay';
    paymentId: string;
    orderId: string | null;
    /** The donation the order was made for, when one was. */
    reference: string | null;
    reason: OnlinePaymentFlagReason;
    paidPaise: number;
    paidCurrency: string;
    /** The order's amount, when the order is ours. */
    expectedPaise: number | null;
    flaggedAt: string;
  };
};

/**
 * Finance (with its second factor) has looked into a flagged payment and says what was done — refunded
 * in the Razorpay dashboard, the donor asked to pledge again, a donation recorded by hand (decision
 * 081). Once per flag; the note is finance's own words, shown only to finance.
 */
export type OnlinePaymentFlagResolved = {
  type: 'OnlinePaymentFlagResolved';
  data: { gateway: 'razorpay'; paymentId: string; note: string; resolvedBy: string; resolvedAt: string };
};

export const ONLINE_PAYMENT_STREAM_PREFIX = 'online-payment-';

export function onlinePaymentStreamId(paymentId: string): string {
  return `${ONLINE_PAYMENT_STREAM_PREFIX}${paymentId}`;
}

// ---- stream online-payments-check-<YYYY-MM-DD>: the nightly comparison of one day in India ----

export { ONLINE_PAYMENT_DIFFERENCE_KINDS };
export type OnlinePaymentDifferenceKind = (typeof ONLINE_PAYMENT_DIFFERENCE_KINDS)[number];

/**
 * The nightly check of one day (in India): the gateway's captured payments created that day against
 * the donations verified online that day, and every difference. Once per day; IDs and amounts only.
 */
export type OnlinePaymentsChecked = {
  type: 'OnlinePaymentsChecked';
  data: {
    date: string;
    capturedCount: number;
    capturedPaise: number;
    verifiedCount: number;
    verifiedPaise: number;
    differences: { kind: OnlinePaymentDifferenceKind; paymentId: string; reference: string | null; gatewayPaise: number | null; verifiedPaise: number | null; isFlagged: boolean }[];
    /**
     * The gateway's settlements (decision 081; absent in checks recorded before): the payments settled
     * on `date` (their amounts, Razorpay's fees with tax, what reached the bank), and how many payments
     * captured on `capturedOn` (a settlement window before) were looked for among the settlements since.
     */
    settlements?: OnlinePaymentsSettlementSummary;
    checkedAt: string;
  };
};

export type OnlinePaymentsSettlementSummary = {
  settledCount: number;
  settledPaise: number;
  feesPaise: number;
  creditedPaise: number;
  capturedOn: string;
  capturedCount: number;
};

export function onlinePaymentsCheckStreamId(date: string): string {
  return `online-payments-check-${date}`;
}

// ---- stream razorpay-event-<event ID>: a signed webhook delivery, received, then handled ----

/** A payment as a webhook reports it: IDs, amount and state only (never the payer's e-mail, phone, VPA or card). */
export type GatewayPaymentNotice = {
  id: string;
  amountPaise: number;
  currency: string;
  status: string;
  orderId: string | null;
  /** A failed payment's error code and reason as Razorpay reports them (`BAD_REQUEST_ERROR`, `payment_cancelled`): codes, not the donor's details. */
  errorCode: string | null;
  errorReason: string | null;
};

/**
 * A signed webhook delivery, recorded as it arrives (decision 083) and answered `received`: the first
 * of its event ID opens the stream, so a repeat (or ten at once) finds it and records nothing. Only
 * what handling it needs: the event's name and the IDs, amounts and states of its entities; the
 * order's receipt only as the donation reference it names; a refund's notes only as the reference.
 * The delivery is handled after, by the job process-razorpay-event.
 */
export type GatewayEventReceived = {
  type: 'GatewayEventReceived';
  data: {
    gateway: 'razorpay';
    eventId: string;
    /** `header`: Razorpay's x-razorpay-event-id; `body`: none came, and the ID is a hash of the signed body. */
    eventIdFrom: 'header' | 'body';
    event: string;
    payment: GatewayPaymentNotice | null;
    /** The order the body carries (order.paid), with the reference its receipt names (null: none of ours). */
    order: { id: string; reference: string | null } | null;
    refund: { id: string; paymentId: string; amountPaise: number; currency: string; status: string; noteReference: string | null } | null;
    subscription: { id: string; status: string } | null;
    receivedAt: string;
  };
};

/** Written with what the delivery recorded, in the same transaction: a delivery handled once is never handled again. */
export type GatewayEventHandled = {
  type: 'GatewayEventHandled';
  data: { gateway: 'razorpay'; eventId: string; event: string; paymentId: string; handledAt: string };
};

export function gatewayEventStreamId(eventId: string): string {
  return `razorpay-event-${eventId}`;
}

export type DonationEvent =
  | DonationStreamEvent
  | OnlinePaymentFlagged
  | OnlinePaymentFlagResolved
  | OnlinePaymentsChecked
  | GatewayEventReceived
  | GatewayEventHandled
  | ReceiptSerialAllocated
  | UtrClaimed
  | InstrumentClaimed
  | DonationsExported
  | RetainedReceiptsViewed
  | BankStatementEvent
  | Form10BDFiled;

/** Subject of the data key and stream of one donation; `reference` is the canonical 8 characters. */
export function donationStreamId(reference: string): string {
  return `donation-${reference}`;
}

export const DONATION_STREAM_PREFIX = 'donation-';

export function receiptSerialStreamId(prefix: string, financialYear: string): string {
  return `receipt-serials-${prefix}-${financialYear}`;
}

/**
 * Foreign contributions' receipts have a series of their own: the prefix with `-FC`
 * (`SAHAY-FC/2026-27/000001`), gap-free per financial year like the domestic one (decision 058).
 * Settings refuse a receipt prefix ending in `-FC`, so the two series never share a stream.
 */
export function foreignReceiptPrefixOf(prefix: string): string {
  return `${prefix}-FC`;
}

/**
 * `utr` as ZUtrSchema gives it (upper case, no spaces). In clear, not a keyed hash: a UTR is a bank's
 * transaction reference, not personal data (it is in DonationProofSubmitted anyway), and a stream ID
 * that changed with the blind-index key would forget every claim after a key change (decision 024).
 */
export function utrStreamId(utr: string): string {
  return `donation-utr-${utr}`;
}

/** `number` as ZOptionalInstrumentNumberSchema gives it (letters and digits, upper case). */
export function instrumentStreamId(mode: 'cheque' | 'dd', number: string, amountPaise: number): string {
  return `donation-instrument-${mode}-${number}-${amountPaise}`;
}
