/**
 * The Kanyadan application's lists, limits and messages, with no import at all: the public form
 * loads this file on its first paint, and the zod schemas (kanyadan-fields.schema.ts, which
 * re-exports all of it) only when the family starts on the form.
 */
import { INDIAN_STATES, type IndianState } from '#server/shared/india';

export { INDIAN_STATES, type IndianState };

export const KANYADAN_STATUSES = [
  'submitted',
  'payment_pending',
  'paid',
  'verified',
  'rejected',
  'benefit_requested',
  'benefit_approved',
  'disbursed',
] as const;
export type KanyadanStatus = (typeof KANYADAN_STATUSES)[number];

/** The four documents of the application, by their multipart field names. */
export const DOCUMENT_KINDS = ['girlAadhaar', 'fatherAadhaar', 'birthCertificate', 'photo'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** The photo is an image; the others may be an image or a PDF. */
export const DOCUMENT_ACCEPT = { girlAadhaar: 'images-or-pdf', fatherAadhaar: 'images-or-pdf', birthCertificate: 'images-or-pdf', photo: 'images' } as const;
/** The benefit request's proof that the marriage is fixed (an invitation card, a letter), 1–2 files. */
export const BENEFIT_PROOF_FIELDS = ['marriageProof', 'marriageProof2'] as const;
export type BenefitProofField = (typeof BENEFIT_PROOF_FIELDS)[number];
/** Every stored document of an application: the four of the form and the benefit's proofs. */
export type StoredDocumentKind = DocumentKind | BenefitProofField;
export const STORED_DOCUMENT_KINDS = [...DOCUMENT_KINDS, ...BENEFIT_PROOF_FIELDS] as const;

/**
 * What a document is kept as once made safe: images re-encoded as JPEG (as WebP until 2026-11-23:
 * those events and files stay as they are; docs/decisions/026), PDFs rewritten as PDF.
 */
export const STORED_DOCUMENT_MEDIA_TYPES = ['image/jpeg', 'image/webp', 'application/pdf'] as const;
export type StoredDocumentMediaType = (typeof STORED_DOCUMENT_MEDIA_TYPES)[number];

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MIN_AGE = 0;
export const MAX_AGE = 14;
export const SCHOOL_FROM_AGE = 4;
export const BENEFIT_FROM_AGE = 18;

/** Documents the application cannot do without; the Aadhaar copies are optional, as the numbers are. */
export const REQUIRED_DOCUMENTS: readonly DocumentKind[] = ['birthCertificate', 'photo'];

/** PREFIX (5 capitals from settings) and 7 digits: KNYDN1234567. */
export const REG_NO_PATTERN = /^[A-Z]{5}\d{7}$/;

/** The four required fields' messages: each says which field it is (issue 32: one combined sentence under all four did not). */
export const GIRL_NAME_REQUIRED = "Enter the girl's name.";
export const FATHER_NAME_REQUIRED = "Enter the father's name.";
export const DOB_REQUIRED = "Enter the girl's date of birth.";
export const PHONE_REQUIRED = 'Enter the phone number.';
export const DOB_INVALID = 'Enter the date of birth as a real date.';
export const DOB_IN_FUTURE = 'The date of birth cannot be in the future.';
export const AGE_OUT_OF_RANGE = 'Only girls aged 0 to 14 years can be registered.';
export const CONSENT_REQUIRED = "A parent or guardian must give consent before the application is sent.";
export const GUARDIAN_NAME_REQUIRED = "Enter the parent's or guardian's name.";
export const GUARDIAN_RELATION_REQUIRED = "Choose the guardian's relation to the girl.";
export const STATE_REQUIRED = 'Choose the state.';
export const DISTRICT_REQUIRED = 'Enter the district.';
export const NAME_TOO_LONG = 'At most 100 characters.';
export const TEXT_TOO_LONG = 'At most 200 characters.';
export const DOCUMENT_REQUIRED = 'Attach this document.';


export const GENDERS = ['female', 'other'] as const;
export const GUARDIAN_RELATIONS = ['father', 'mother', 'grandparent', 'brother', 'sister', 'uncle', 'aunt', 'other'] as const;
/** Asked only because some of the foundation's funds are set aside for these groups; "not-stated" is always fine. */
export const CASTES = ['not-stated', 'general', 'obc', 'sc', 'st', 'other'] as const;

