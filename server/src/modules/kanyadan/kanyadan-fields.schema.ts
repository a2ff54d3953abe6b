import { z } from 'zod';
import { ZEmailSchema, ZIndianMobileSchema, ZUserIdSchema } from '#server/modules/identity/fields.schema';
import { AADHAAR_CHECKSUM, AADHAAR_FORMAT, isVerhoeffValid, normaliseAadhaar } from './aadhaar.schema.ts';
import { isIsoDate } from './age.schema.ts';

/**
 * The Kanyadan application's fields (PRODUCT.md §7, issue 11), shared by the server and the web
 * form. Names are the original product's (REST clients send them as multipart text fields). Every
 * message is English and a key of the web's serverMessages in both languages.
 */

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

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MIN_AGE = 0;
export const MAX_AGE = 14;
export const SCHOOL_FROM_AGE = 4;
export const BENEFIT_FROM_AGE = 18;

/** PREFIX (5 capitals from settings) and 7 digits: KNYDN1234567. */
export const REG_NO_PATTERN = /^[A-Z]{5}\d{7}$/;
export const REG_NO_INVALID = 'Enter the registration number as given, like KNYDN1234567.';
export const ZRegNoSchema = z
  .string({ error: REG_NO_INVALID })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(REG_NO_PATTERN, REG_NO_INVALID));

export const REQUIRED_FIELDS = "Please fill in the girl's name, father's name, date of birth and phone number.";
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

/** India's 28 states and 8 union territories, by a stable key (the web shows their names in both languages). */
export const INDIAN_STATES = [
  'andhra-pradesh', 'arunachal-pradesh', 'assam', 'bihar', 'chhattisgarh', 'goa', 'gujarat', 'haryana', 'himachal-pradesh',
  'jharkhand', 'karnataka', 'kerala', 'madhya-pradesh', 'maharashtra', 'manipur', 'meghalaya', 'mizoram', 'nagaland', 'odisha',
  'punjab', 'rajasthan', 'sikkim', 'tamil-nadu', 'telangana', 'tripura', 'uttar-pradesh', 'uttarakhand', 'west-bengal',
  'andaman-and-nicobar-islands', 'chandigarh', 'dadra-and-nagar-haveli-and-daman-and-diu', 'delhi', 'jammu-and-kashmir', 'ladakh',
  'lakshadweep', 'puducherry',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

export const GENDERS = ['female', 'other'] as const;
export const GUARDIAN_RELATIONS = ['father', 'mother', 'grandparent', 'brother', 'sister', 'uncle', 'aunt', 'other'] as const;
/** Asked only because some of the foundation's funds are set aside for these groups; "not-stated" is always fine. */
export const CASTES = ['not-stated', 'general', 'obc', 'sc', 'st', 'other'] as const;

/** Collapses runs of spaces; an empty or absent value is null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.replace(/\s+/g, ' ').trim() || null)
    .pipe(z.string().max(max, message).nullable());

const requiredName = z
  .string({ error: REQUIRED_FIELDS })
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, REQUIRED_FIELDS).max(100, NAME_TOO_LONG));

/** A checkbox as a form posts it ("on", "true") or a JSON client sends it (true). */
const consentSchema = z
  .union([z.literal(true), z.literal('true'), z.literal('on'), z.literal('yes')], { error: CONSENT_REQUIRED })
  .transform(() => true as const);

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The application's text fields as sent (strings). Age and the future-date rule depend on today,
 * so the command checks them (checkDateOfBirth); this schema checks everything else.
 */
export const ZApplicationFieldsSchema = z.strictObject({
  girlName: requiredName,
  fatherName: requiredName,
  motherName: optionalText(100, NAME_TOO_LONG),
  dob: z
    .string({ error: REQUIRED_FIELDS })
    .trim()
    .min(1, { message: REQUIRED_FIELDS, abort: true })
    .refine(isIsoDate, DOB_INVALID),
  aadhaar: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform(normaliseAadhaar)
      .pipe(z.string().regex(/^[2-9]\d{11}$/, { message: AADHAAR_FORMAT, abort: true }).refine(isVerhoeffValid, AADHAAR_CHECKSUM))
      .optional(),
  ),
  phone: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string({ error: REQUIRED_FIELDS }).pipe(ZIndianMobileSchema)),
  email: z.preprocess(emptyToUndefined, ZEmailSchema.optional()),
  gender: z.preprocess(emptyToUndefined, z.enum(GENDERS).default('female')),
  schoolName: optionalText(200, TEXT_TOO_LONG),
  schoolAddress: optionalText(200, TEXT_TOO_LONG),
  className: optionalText(40, 'At most 40 characters.'),
  district: z
    .string({ error: DISTRICT_REQUIRED })
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(2, DISTRICT_REQUIRED).max(60, 'At most 60 characters.')),
  state: z.enum(INDIAN_STATES, { error: STATE_REQUIRED }),
  fatherRegNo: z.preprocess(emptyToUndefined, ZUserIdSchema.optional()),
  caste: z.preprocess(emptyToUndefined, z.enum(CASTES).default('not-stated')),
  guardianName: z
    .string({ error: GUARDIAN_NAME_REQUIRED })
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, GUARDIAN_NAME_REQUIRED).max(100, NAME_TOO_LONG)),
  guardianRelation: z.enum(GUARDIAN_RELATIONS, { error: GUARDIAN_RELATION_REQUIRED }),
  consent: consentSchema,
});
export type TApplicationFields = z.output<typeof ZApplicationFieldsSchema>;
export type TApplicationFieldsInput = z.input<typeof ZApplicationFieldsSchema>;

/** A district as counted and filtered: lower case, single spaces. */
export function districtKeyOf(district: string): string {
  return district.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The reasons a verification admin may give, each with its text in both languages for the family. */
export const REJECTION_REASONS = ['documents-unclear', 'documents-missing', 'details-mismatch', 'not-eligible', 'duplicate', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
