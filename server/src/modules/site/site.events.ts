import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { TContentSlug } from './content/content.schema.ts';
import type { TSettings } from './settings/settings.schema.ts';

export const SETTINGS_STREAM = 'site-settings';

export type SettingsChanged = {
  type: 'SettingsChanged';
  data: { changes: Partial<TSettings>; changedAt: string };
};

export type ContentPageSaved = {
  type: 'ContentPageSaved';
  data: {
    slug: TContentSlug;
    title: { en: string; hi: string };
    body: { en: string; hi: string };
    /** Set when the save restores an earlier version. */
    restoredFromVersion: number | null;
    savedAt: string;
  };
};

/** Name, e-mail, phone and message, sealed under the message's own data key. */
export interface ContactDetails {
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
}

export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  data: { messageId: string; personal: Sealed; receivedAt: string };
};

export type ContactMessageHandled = {
  type: 'ContactMessageHandled';
  data: { messageId: string; handledAt: string };
};

// ---- the signatory's signature image and the signing certificate (issue 31; docs/decisions/060) ----

/** Stream of the signature image's versions; also the file store's subject of its files. */
export const SIGNATURE_IMAGE_STREAM = 'site-signature-image';
/** Stream of the signing certificate's versions; also the subject that seals its file and password. */
export const SIGNING_CERTIFICATE_STREAM = 'site-signing-certificate';

/** A finance or settings admin uploaded the signatory's signature: re-encoded as PNG, kept as a file. */
export type SignatureImageUploaded = {
  type: 'SignatureImageUploaded';
  data: { fileId: string; sha256: string; width: number; height: number; uploadedBy: string; uploadedAt: string };
};

/** What is shown of a signing certificate: never the key, the file or its password. */
export interface SigningCertificateSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  /** ISO instants. */
  validFrom: string;
  validUntil: string;
  /** SHA-256 of the certificate (DER), hex in pairs: AB:CD:… */
  fingerprint: string;
}

/**
 * A super-admin or finance admin (two-factor staff) uploaded the foundation's signing certificate:
 * the PKCS#12 file is kept sealed in the file store and its password sealed here, both under the
 * subject SIGNING_CERTIFICATE_STREAM (a data key wrapped by the master key).
 */
export type SigningCertificateUploaded = {
  type: 'SigningCertificateUploaded';
  data: SigningCertificateSummary & { fileId: string; password: Sealed; uploadedBy: string; uploadedAt: string };
};

export type SigningCertificateRemoved = {
  type: 'SigningCertificateRemoved';
  data: { fingerprint: string; removedBy: string; removedAt: string };
};

// ---- stream validity-alerts-<approval|fcra>: reminders before a registration's validity ends ----

export const VALIDITY_KINDS = ['approval', 'fcra'] as const;
export type ValidityKind = (typeof VALIDITY_KINDS)[number];
export const VALIDITY_ALERT_DAYS = [90, 30, 7] as const;

export function validityAlertStreamId(kind: ValidityKind): string {
  return `validity-alerts-${kind}`;
}

/**
 * The daily job found `validUntil` (as settings held it) `daysLeft` days away, within `threshold`
 * days: the alert is on the dashboard and mailed once. One event per threshold and date; a new
 * date starts the thresholds afresh.
 */
export type ValidityAlertRaised = {
  type: 'ValidityAlertRaised';
  data: { kind: ValidityKind; validUntil: string; threshold: number; daysLeft: number; raisedAt: string };
};

export type SigningEvent = SignatureImageUploaded | SigningCertificateUploaded | SigningCertificateRemoved;

export type SiteEvent = SettingsChanged | ContentPageSaved | ContactMessageReceived | ContactMessageHandled | SigningEvent | ValidityAlertRaised;

export const CONTENT_STREAM_PREFIX = 'content-';

export function contentStreamId(slug: TContentSlug): string {
  return `${CONTENT_STREAM_PREFIX}${slug}`;
}

export const CONTACT_STREAM_PREFIX = 'contact-';

export function contactStreamId(messageId: string): string {
  return `${CONTACT_STREAM_PREFIX}${messageId}`;
}
