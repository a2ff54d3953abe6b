import { z } from 'zod';
import { ZReferenceSchema } from '../donation-fields.schema.ts';
import { ZFinancialYearSchema } from '../exports/exports.schema.ts';
import { ZStatementProofSchema } from '../statements/statement-code.schema.ts';

/**
 * Form 10BE certificates (issue 31): finance's upload, list, hand-matching and dashboard, and the
 * donor's list of their certificates. English messages here are keys the web translates
 * (web/src/i18n/{en,hi}/messages.json "serverMessages").
 */

/** Why one file of an upload was not taken (the others go on). */
export const CERTIFICATE_FILE_NOT_PDF = 'This file is not a PDF. Upload the certificates as the portal gives them (PDFs, or a ZIP of PDFs).';
export const CERTIFICATE_FILE_UNREADABLE = 'This PDF could not be read. It may be damaged or incomplete: download it from the portal again.';
export const CERTIFICATE_FILE_ENCRYPTED = 'This PDF is protected by a password. Upload the certificate as the portal gives it, without a password.';
export const CERTIFICATE_FILE_NOT_10BE = 'This PDF is not a Form 10BE certificate: its donor, amount, financial year or ARN could not be found in it.';
export const CERTIFICATE_FILE_OTHER_PAN = "This certificate was issued to another organisation: its PAN is not the foundation's PAN in settings.";
export const CERTIFICATE_FILE_TOO_LARGE = 'This PDF is larger than 2 MB: a Form 10BE certificate is far smaller.';
/** Why a ZIP is refused whole (nothing of it is read). */
export const ARCHIVE_TOO_LARGE = 'This ZIP file unpacks to more than 64 MB. Upload the certificates in several smaller ZIP files.';
export const ARCHIVE_TOO_MANY_FILES = 'This ZIP file holds more than 500 files. Upload the certificates in several smaller ZIP files.';
export const ARCHIVE_UNREADABLE = 'This ZIP file could not be read. It may be damaged or incomplete: download it from the portal again.';
export const ARCHIVE_ENCRYPTED = 'This ZIP file is protected by a password. Upload it without a password.';
export const ARCHIVE_EMPTY = 'This ZIP file holds no certificates.';
/** Every file of the upload was refused: nothing was recorded. */
export const CERTIFICATES_NONE_READ = 'No certificate could be read from the upload. See the reason given for each file.';
/** Hand-matching: the donation chosen is not a verified gift of the certificate's year. */
export const MATCH_NOT_A_GIFT_OF_YEAR = "Choose a verified donation of the certificate's financial year.";

export const UNMATCHED_REASON_VALUES = ['no-donor', 'name-differs', 'several-donors'] as const;

export const CERTIFICATE_ID_INVALID = 'Unknown certificate.';
export const ZCertificateIdSchema = z.string().regex(/^[0-9a-f]{32}$/, CERTIFICATE_ID_INVALID);

export const ZUploadedCertificateSchema = z.object({
  id: z.string(),
  /** The file in the upload (a ZIP's entry name), to find it again. */
  file: z.string(),
  financialYear: z.string(),
  amountPaise: z.number().int(),
  donorName: z.string(),
  status: z.enum(['matched', 'unmatched']),
  reason: z.enum(UNMATCHED_REASON_VALUES).nullable(),
  /** False when the same certificate had been uploaded before: nothing new was recorded for it. */
  isNew: z.boolean(),
});

export const ZUploadCertificatesResponseSchema = z.object({
  certificates: z.array(ZUploadedCertificateSchema),
  refused: z.array(z.object({ file: z.string(), message: z.string() })),
});
export type TUploadCertificatesResponse = z.infer<typeof ZUploadCertificatesResponseSchema>;

/** The upload's form has no text fields. */
export const ZUploadCertificatesFormSchema = z.strictObject({});

export const ZListCertificatesRequestSchema = z.strictObject({
  fy: ZFinancialYearSchema,
  status: z.enum(['matched', 'unmatched']).optional(),
});
export type TListCertificatesRequest = z.input<typeof ZListCertificatesRequestSchema>;

export const ZCandidateDonationSchema = z.object({ reference: z.string(), donorName: z.string(), receivedOn: z.string(), amountPaise: z.number().int() });

export const ZCertificateRowSchema = z.object({
  id: z.string(),
  financialYear: z.string(),
  amountPaise: z.number().int(),
  arn: z.string(),
  donorName: z.string().nullable(),
  idKind: z.string(),
  /** Masked (ABCXXXX34F): enough to tell donors apart on the screen. */
  idNumber: z.string().nullable(),
  status: z.enum(['uploaded', 'matched', 'unmatched']),
  reason: z.enum(UNMATCHED_REASON_VALUES).nullable(),
  references: z.array(z.string()),
  matchedHow: z.enum(['automatic', 'by-hand']).nullable(),
  emailedAt: z.string().nullable(),
  textedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  uploadedAt: z.string(),
  /** For a certificate waiting for a person: the year's verified gifts with its identification number. */
  candidates: z.array(ZCandidateDonationSchema),
});
export type TCertificateRow = z.infer<typeof ZCertificateRowSchema>;

export const ZListCertificatesResponseSchema = z.object({ certificates: z.array(ZCertificateRowSchema) });
export type TListCertificatesResponse = z.infer<typeof ZListCertificatesResponseSchema>;

export const ZMatchCertificateRequestSchema = z.strictObject({ id: ZCertificateIdSchema, reference: ZReferenceSchema });
export type TMatchCertificateRequest = z.input<typeof ZMatchCertificateRequestSchema>;
export const ZMatchCertificateResponseSchema = z.object({ id: z.string(), references: z.array(z.string()) });

export const ZForm10BEDashboardRequestSchema = z.strictObject({ fy: ZFinancialYearSchema });
export const ZForm10BEDashboardSchema = z.object({
  financialYear: z.string(),
  /** Donors with verified gifts and an identification number in the year: the rows of its Form 10BD. */
  donorsInFiling: z.number().int(),
  uploaded: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  /** Donors in the filing with no matched certificate. */
  missing: z.number().int(),
  /** YYYY-MM-DD, from the settings form10bdDueOn and form10beDueOn. */
  form10bdDueOn: z.string(),
  form10beDueOn: z.string(),
});
export type TForm10BEDashboard = z.infer<typeof ZForm10BEDashboardSchema>;

/** The donor's certificates, after the one-time code (decision 040). */
export const ZDonorCertificatesRequestSchema = z.strictObject({ proof: ZStatementProofSchema });
export const ZDonorCertificateSchema = z.object({
  id: z.string(),
  financialYear: z.string(),
  amountPaise: z.number().int(),
  /** GET with the same proof (?proof=), or signed in: the PDF. */
  downloadUrl: z.string(),
});
export const ZDonorCertificatesResponseSchema = z.object({
  certificates: z.array(ZDonorCertificateSchema),
  /** MM-DD: the day each year Form 10BD is due (settings form10bdDueOn), after which the certificates come. */
  form10bdDueOn: z.string(),
});
export type TDonorCertificatesResponse = z.infer<typeof ZDonorCertificatesResponseSchema>;

export const ZCertificateDownloadParamsSchema = z.strictObject({ id: ZCertificateIdSchema });
export const ZCertificateDownloadQuerySchema = z.strictObject({ proof: ZStatementProofSchema.optional() });
