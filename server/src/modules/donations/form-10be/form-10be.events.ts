import type { PersonalDataErased, Sealed } from '#server/event-store/sealing/personal-data';

/**
 * Form 10BE certificates (issue 31): after the foundation files Form 10BD, the income-tax portal
 * issues one certificate per donor, which finance uploads here. Each certificate is a stream
 * `form-10be-<certificateId>`, its ID the hash of the PDF's bytes, so the same file uploaded again
 * is the same stream and records nothing. The donor's name and identification number, as the
 * certificate prints them, are sealed under that stream's data key; the PDF is stored under it too.
 */

/** How the donor was identified in Form 10BD, as the certificate's "ID code" says. */
export const CERTIFICATE_ID_KINDS = ['pan', 'aadhaar', 'other'] as const;
export type CertificateIdKind = (typeof CERTIFICATE_ID_KINDS)[number];

/** What the certificate says of the donor: sealed. */
export interface CertificateDonor {
  /** As printed: Latin letters, usually capitals. */
  name: string;
  /** Upper case, without spaces. */
  idNumber: string;
}

export type Form10BECertificateUploaded = {
  type: 'Form10BECertificateUploaded';
  data: {
    certificateId: string;
    fileId: string;
    financialYear: string;
    amountPaise: number;
    /** The 10BD's acknowledgement reference number the certificate names. */
    arn: string;
    idKind: CertificateIdKind;
    /** `CertificateDonor`, sealed under form-10be-<certificateId>. */
    donor: Sealed;
    /** As printed ("Others", "Section 80G"...): no personal data. */
    donationType: string;
    modeOfReceipt: string;
    section: string;
    uploadedBy: string;
    uploadedAt: string;
  };
};

/** Why a certificate waits for a person: no donation with its ID; the name on it is none of theirs; several donors fit. */
export const UNMATCHED_REASONS = ['no-donor', 'name-differs', 'several-donors'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export type Form10BECertificateLeftUnmatched = {
  type: 'Form10BECertificateLeftUnmatched';
  data: { certificateId: string; reason: UnmatchedReason; at: string };
};

export type Form10BECertificateMatched = {
  type: 'Form10BECertificateMatched';
  data: {
    certificateId: string;
    /** The donor's donations of the year the certificate covers (canonical references), latest first: the first is delivered to. */
    references: string[];
    how: 'automatic' | 'by-hand';
    matchedBy: string;
    matchedAt: string;
  };
};

export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** The certificate mailed (attached) or texted (a link to the status page) to the donor: once per channel. */
export type Form10BECertificateSent = {
  type: 'Form10BECertificateSent';
  data: { certificateId: string; channel: DeliveryChannel; sentAt: string };
};

/** The donor downloaded it for the first time (after the one-time code, or signed in). */
export type Form10BECertificateOpened = {
  type: 'Form10BECertificateOpened';
  data: { certificateId: string; openedAt: string };
};

export type Form10BECertificateEvent =
  | Form10BECertificateUploaded
  | Form10BECertificateLeftUnmatched
  | Form10BECertificateMatched
  | Form10BECertificateSent
  | Form10BECertificateOpened
  | PersonalDataErased;

export const FORM_10BE_STREAM_PREFIX = 'form-10be-';

export function form10beStreamId(certificateId: string): string {
  return `${FORM_10BE_STREAM_PREFIX}${certificateId}`;
}

/** The file store's kind for a certificate PDF, stored under its stream's subject. */
export const CERTIFICATE_FILE_KIND = 'form-10be-certificate';

/** Which deadline a reminder is for: filing Form 10BD, or donors having their certificates. */
export const TAX_DEADLINES = ['form-10bd', 'form-10be'] as const;
export type TaxDeadline = (typeof TAX_DEADLINES)[number];
export const REMINDER_DAYS_BEFORE = [30, 7, 1] as const;
export type ReminderDaysBefore = (typeof REMINDER_DAYS_BEFORE)[number];

/** A reminder to finance before a deadline; each (deadline, due day, days before) once. Stream `tax-deadline-<deadline>-<dueOn>`. */
export type TaxDeadlineReminderSent = {
  type: 'TaxDeadlineReminderSent';
  data: { deadline: TaxDeadline; financialYear: string; dueOn: string; daysBefore: ReminderDaysBefore; sentAt: string };
};

export const TAX_DEADLINE_STREAM_PREFIX = 'tax-deadline-';

export function taxDeadlineStreamId(deadline: TaxDeadline, dueOn: string): string {
  return `${TAX_DEADLINE_STREAM_PREFIX}${deadline}-${dueOn}`;
}
