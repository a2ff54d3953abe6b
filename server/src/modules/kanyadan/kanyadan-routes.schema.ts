import { z } from 'zod';
import { ZErasureReasonSchema } from '#server/modules/identity/erasure/erase-person.schema';
import { ZIndianMobileSchema } from '#server/modules/identity/fields.schema';
import { checkAccountNumberTypedTwice, withoutConfirmation, ZConfirmAccountNumberSchema } from '#server/modules/identity/profile/profile.schema';
import { isIsoDate } from './submission/age.schema.ts';
import {
  INDIAN_STATES,
  KANYADAN_STATUSES,
  REJECTION_REASONS,
  STORED_DOCUMENT_KINDS,
  STORED_DOCUMENT_MEDIA_TYPES,
  ZRegNoSchema,
} from './submission/kanyadan-fields.schema.ts';

/** The request and answer shapes of the Kanyadan routes (tRPC and REST). */

const ZIsoDateSchema = z.string().trim().refine(isIsoDate, 'Enter a real date (YYYY-MM-DD).');
const ZBilingualSchema = z.object({ en: z.string(), hi: z.string() });

// ---- the family ----

/** POST /api/kanyadan/applications → 201. */
export const ZSubmitApplicationResponseSchema = z.object({ regNo: z.string(), status: z.enum(KANYADAN_STATUSES) });
export type TSubmitApplicationResponse = z.infer<typeof ZSubmitApplicationResponseSchema>;

/** `kanyadan.getStatus`; GET /api/kanyadan/applications/:regNo/status?phone= */
export const ZGetApplicationStatusRequestSchema = z.strictObject({ regNo: ZRegNoSchema, phone: ZIndianMobileSchema });
export type TGetApplicationStatusRequest = z.input<typeof ZGetApplicationStatusRequestSchema>;
export const ZApplicationStatusSchema = z.object({
  regNo: z.string(),
  status: z.enum(KANYADAN_STATUSES),
  /** YYYY-MM-DD in India. */
  submittedOn: z.string(),
  /** When rejected: the reason in both languages, and the admin's note as written. */
  rejection: z.object({ reason: z.enum(REJECTION_REASONS), text: ZBilingualSchema, note: z.string().nullable() }).nullable(),
  feePaise: z.number().int(),
  /** The UTR the family gave for the fee, while finance has not recorded it. */
  feeUtrGiven: z.string().nullable(),
});
export type TApplicationStatus = z.infer<typeof ZApplicationStatusSchema>;

// ---- the verification team ----

/** A query string's empty value (`?ageMax=`) is no filter, not zero. */
const unsetWhenEmpty = (value: unknown) => (value === '' || value === null ? undefined : value);

export const ZApplicationFilterSchema = z.strictObject({
  status: z.preprocess(unsetWhenEmpty, z.enum(KANYADAN_STATUSES).optional()),
  state: z.preprocess(unsetWhenEmpty, z.enum(INDIAN_STATES).optional()),
  district: z.string().trim().max(60).optional(),
  ageMin: z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(0).max(30).optional()),
  ageMax: z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(0).max(30).optional()),
  submittedFrom: z.preprocess(unsetWhenEmpty, ZIsoDateSchema.optional()),
  submittedTo: z.preprocess(unsetWhenEmpty, ZIsoDateSchema.optional()),
  isDuplicate: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : unsetWhenEmpty(value)), z.boolean().optional()),
  /** The regNo of the last item of the previous page (newest first). */
  after: ZRegNoSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TApplicationFilter = z.input<typeof ZApplicationFilterSchema>;

export const ZApplicationSummarySchema = z.object({
  regNo: z.string(),
  status: z.enum(KANYADAN_STATUSES),
  state: z.enum(INDIAN_STATES),
  district: z.string(),
  ageYears: z.number().int(),
  submittedAt: z.string(),
  /** Other applications that look like the same girl (same Aadhaar, or same name, date of birth and father's name). */
  duplicateOf: z.array(z.string()),
  /** Documents the job has made viewable, of those sent. */
  documentsReady: z.number().int(),
  documentsSent: z.number().int(),
  isErased: z.boolean(),
});
export type TApplicationSummary = z.infer<typeof ZApplicationSummarySchema>;
export const ZApplicationPageSchema = z.object({ items: z.array(ZApplicationSummarySchema), nextAfter: z.string().nullable() });
export type TApplicationPage = z.infer<typeof ZApplicationPageSchema>;

export const ZRegNoRequestSchema = z.strictObject({ regNo: ZRegNoSchema });

export const ZDocumentInfoSchema = z.object({
  kind: z.enum(STORED_DOCUMENT_KINDS),
  status: z.enum(['processing', 'ready', 'rejected', 'erased']),
  mediaType: z.enum(STORED_DOCUMENT_MEDIA_TYPES).nullable(),
  pages: z.number().int(),
  rejectedReason: z.string().nullable(),
  /** Whether the admin asking has opened it (any page): a verifier must open every document before verifying. */
  isOpenedByYou: z.boolean(),
});

/** What anyone with `verification` or `finance` sees: masked (initials, last digits, year of birth). */
export const ZApplicationDetailSchema = ZApplicationSummarySchema.extend({
  masked: z
    .object({
      girlName: z.string(),
      fatherName: z.string(),
      motherName: z.string().nullable(),
      birthYear: z.string(),
      phone: z.string(),
      aadhaar: z.string().nullable(),
      hasEmail: z.boolean(),
      guardianRelation: z.string(),
    })
    .nullable(),
  feePaise: z.number().int(),
  feeUtrGiven: z.string().nullable(),
  documents: z.array(ZDocumentInfoSchema),
  rejection: z.object({ reason: z.enum(REJECTION_REASONS), text: ZBilingualSchema, note: z.string().nullable() }).nullable(),
  /** The text to send the family by SMS about the decision, in both languages. */
  smsText: z.string().nullable(),
  benefit: z
    .object({
      requestedOn: z.string(),
      /** Null once erased. */
      marriageDate: z.string().nullable(),
      accountLast4: z.string().nullable(),
      amountPaise: z.number().int().nullable(),
      utr: z.string().nullable(),
      paidOn: z.string().nullable(),
    })
    .nullable(),
  /** The girl's age in whole years today (for the benefit: 18 or older). Null after erasure. */
  ageToday: z.number().int().nullable(),
  benefitRange: z.object({ minPaise: z.number().int(), maxPaise: z.number().int() }),
  history: z.array(
    z.object({
      position: z.string(),
      type: z.string(),
      at: z.string(),
      actor: z.string(),
      /** A plain description without personal data, e.g. "Document photo viewed (page 1)". */
      summary: z.string(),
    }),
  ),
});
export type TApplicationDetail = z.infer<typeof ZApplicationDetailSchema>;

/** `kanyadan.admin.reveal` (verification): the full details; the view is recorded. */
export const ZApplicantDetailsSchema = z.object({
  regNo: z.string(),
  girlName: z.string(),
  fatherName: z.string(),
  motherName: z.string().nullable(),
  dob: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  gender: z.string(),
  schoolName: z.string().nullable(),
  schoolAddress: z.string().nullable(),
  className: z.string().nullable(),
  fatherRegNo: z.string().nullable(),
  caste: z.string(),
  guardianName: z.string(),
  guardianRelation: z.string(),
  aadhaarLast4: z.string().nullable(),
  bankAccount: z.object({ accountHolder: z.string(), accountNumber: z.string(), ifsc: z.string() }).nullable(),
});
export type TApplicantDetails = z.infer<typeof ZApplicantDetailsSchema>;

export const ZDecisionResponseSchema = z.object({ regNo: z.string(), status: z.enum(KANYADAN_STATUSES) });
export type TDecisionResponse = z.infer<typeof ZDecisionResponseSchema>;

export const REJECTION_NOTE_PERSONAL = 'Write the note without names, e-mail addresses or phone numbers: it is kept after an erasure.';
const ZNoteSchema = z
  .string()
  .trim()
  .max(500, 'At most 500 characters.')
  // A date (8 digits) may be named; an account number (9 or more), a phone (10) or an Aadhaar number (12) may not.
  .refine((note) => !/@/.test(note) && !/\d(?:[\s-]?\d){8,}/.test(note), REJECTION_NOTE_PERSONAL)
  .optional()
  .transform((note) => note || null);

export const ZRejectApplicationRestRequestSchema = z.strictObject({ reason: z.enum(REJECTION_REASONS, { error: 'Choose a reason.' }), note: ZNoteSchema });
export const ZRejectApplicationRequestSchema = ZRejectApplicationRestRequestSchema.extend({ regNo: ZRegNoSchema });
export type TRejectApplicationRequest = z.input<typeof ZRejectApplicationRequestSchema>;

/** `kanyadan.submitFeeProof`; POST /api/kanyadan/applications/:regNo/fee-proof: the family's UTR for the fee. */
export const ZSubmitFeeProofRestRequestSchema = z.strictObject({ phone: ZIndianMobileSchema, utr: z.lazy(() => ZUtrSchema) });
export const ZSubmitFeeProofRequestSchema = ZSubmitFeeProofRestRequestSchema.extend({ regNo: ZRegNoSchema });
export type TSubmitFeeProofRequest = z.input<typeof ZSubmitFeeProofRequestSchema>;

/** Rupees in whole paise. */
export const ZApproveBenefitRestRequestSchema = z.strictObject({ amountPaise: z.number({ error: 'Enter the amount.' }).int().positive('Enter the amount.') });
export const ZApproveBenefitRequestSchema = ZApproveBenefitRestRequestSchema.extend({ regNo: ZRegNoSchema });
export type TApproveBenefitRequest = z.input<typeof ZApproveBenefitRequestSchema>;

export const UTR_INVALID = 'Enter the bank’s UTR: 12 digits (UPI, IMPS) or 16 to 22 letters and digits (NEFT, RTGS).';
export const ZUtrSchema = z
  .string({ error: UTR_INVALID })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^(?:\d{12}|[A-Z0-9]{16,22})$/, UTR_INVALID));
export const ZDisburseRestRequestSchema = z.strictObject({ utr: ZUtrSchema, paidOn: ZIsoDateSchema });
export const ZDisburseRequestSchema = ZDisburseRestRequestSchema.extend({ regNo: ZRegNoSchema });
export type TDisburseRequest = z.input<typeof ZDisburseRequestSchema>;

/** The registration fee paid, recorded by `finance` (only when a fee applies). */
export const ZRecordFeeRestRequestSchema = z.strictObject({ utr: ZUtrSchema, paidOn: ZIsoDateSchema });
export const ZRecordFeeRequestSchema = ZRecordFeeRestRequestSchema.extend({ regNo: ZRegNoSchema });

export const ZEraseApplicationRestRequestSchema = z.strictObject({ reason: ZErasureReasonSchema });
export const ZEraseApplicationRequestSchema = ZEraseApplicationRestRequestSchema.extend({ regNo: ZRegNoSchema });
export type TEraseApplicationRequest = z.input<typeof ZEraseApplicationRequestSchema>;
export const ZEraseApplicationResponseSchema = z.object({ regNo: z.string(), isErasedNow: z.boolean() });

/**
 * The benefit request's text fields (multipart, with the files marriageProof and optionally marriageProof2):
 * the account number twice; the server checks the IFSC against the banks' published list.
 */
export const IFSC_INVALID = 'Enter the 11-character IFSC, like SBIN0001234.';
export const ZBenefitRequestFieldsSchema = z.strictObject({
  marriageDate: ZIsoDateSchema,
  accountHolder: z
    .string({ error: 'Enter the account holder’s name.' })
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'Enter the account holder’s name.').max(100, 'At most 100 characters.')),
  accountNumber: z
    .string({ error: 'Enter the account number.' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{9,18}$/, 'Enter the account number: 9 to 18 digits.')),
  /** The account number typed a second time; never stored. */
  confirmAccountNumber: ZConfirmAccountNumberSchema,
  ifsc: z
    .string({ error: IFSC_INVALID })
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, IFSC_INVALID)),
})
  .superRefine(checkAccountNumberTypedTwice)
  .transform(withoutConfirmation);
export type TBenefitRequestFields = z.output<typeof ZBenefitRequestFieldsSchema>;
