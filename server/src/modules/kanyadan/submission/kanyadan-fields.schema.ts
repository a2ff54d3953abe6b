import { z } from 'zod';
import { isSingleLineField, SINGLE_LINE_ISSUE } from '#server/lib/text.schema';
import { ZEmailSchema, ZIndianMobileSchema, ZUserIdSchema } from '#server/modules/identity/fields.schema';
import { AADHAAR_CHECKSUM, AADHAAR_FORMAT, isVerhoeffValid, normaliseAadhaar } from './aadhaar.schema.ts';
import { isIsoDate } from './age.schema.ts';
import {
  CASTES,
  CONSENT_REQUIRED,
  DISTRICT_REQUIRED,
  DOB_INVALID,
  DOB_REQUIRED,
  FATHER_NAME_REQUIRED,
  GENDERS,
  GIRL_NAME_REQUIRED,
  GUARDIAN_NAME_REQUIRED,
  GUARDIAN_RELATION_REQUIRED,
  GUARDIAN_RELATIONS,
  INDIAN_STATES,
  NAME_TOO_LONG,
  PHONE_REQUIRED,
  REG_NO_PATTERN,
  STATE_REQUIRED,
  TEXT_TOO_LONG,
} from '../kanyadan-rules.schema.ts';

/**
 * The Kanyadan application's fields (PRODUCT.md §7, issue 11), shared by the server and the web
 * form. Names are the original product's (REST clients send them as multipart text fields). Every
 * message is English and a key of the web's serverMessages in both languages.
 */

export * from '../kanyadan-rules.schema.ts';

export const REG_NO_INVALID = 'Enter the registration number as given, like KNYDN1234567.';
export const ZRegNoSchema = z
  .string({ error: REG_NO_INVALID })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(REG_NO_PATTERN, REG_NO_INVALID));

/** Collapses runs of spaces; an empty or absent value is null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .refine(isSingleLineField, SINGLE_LINE_ISSUE)
    .transform((value) => value?.replace(/\s+/g, ' ').trim() || null)
    .pipe(z.string().max(max, message).nullable());

/** A name that must be given; `required` names the field (issue 32: one combined sentence under each was unclear). */
const requiredName = (required: string) =>
  z
    .string({ error: required })
    .refine(isSingleLineField, SINGLE_LINE_ISSUE)
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, required).max(100, NAME_TOO_LONG));

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
  girlName: requiredName(GIRL_NAME_REQUIRED),
  fatherName: requiredName(FATHER_NAME_REQUIRED),
  motherName: optionalText(100, NAME_TOO_LONG),
  dob: z
    .string({ error: DOB_REQUIRED })
    .trim()
    .min(1, { message: DOB_REQUIRED, abort: true })
    .refine(isIsoDate, DOB_INVALID),
  aadhaar: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform(normaliseAadhaar)
      .pipe(z.string().regex(/^[2-9]\d{11}$/, { message: AADHAAR_FORMAT, abort: true }).refine(isVerhoeffValid, AADHAAR_CHECKSUM))
      .optional(),
  ),
  phone: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string({ error: PHONE_REQUIRED }).pipe(ZIndianMobileSchema)),
  email: z.preprocess(emptyToUndefined, ZEmailSchema.optional()),
  gender: z.preprocess(emptyToUndefined, z.enum(GENDERS).default('female')),
  schoolName: optionalText(200, TEXT_TOO_LONG),
  schoolAddress: optionalText(200, TEXT_TOO_LONG),
  className: optionalText(40, 'At most 40 characters.'),
  district: z
    .string({ error: DISTRICT_REQUIRED })
    .refine(isSingleLineField, SINGLE_LINE_ISSUE)
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(2, DISTRICT_REQUIRED).max(60, 'At most 60 characters.')),
  state: z.enum(INDIAN_STATES, { error: STATE_REQUIRED }),
  fatherRegNo: z.preprocess(emptyToUndefined, ZUserIdSchema.optional()),
  caste: z.preprocess(emptyToUndefined, z.enum(CASTES).default('not-stated')),
  guardianName: z
    .string({ error: GUARDIAN_NAME_REQUIRED })
    .refine(isSingleLineField, SINGLE_LINE_ISSUE)
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
