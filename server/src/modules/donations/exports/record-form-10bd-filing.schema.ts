import { z } from 'zod';
import { ZDateSchema } from '../donation-fields.schema.ts';
import { ZFinancialYearSchema } from './exports.schema.ts';

/**
 * `donations.admin.form10bd.recordFiling` (finance): the day a financial year's Form 10BD was filed
 * on the income-tax portal and the acknowledgement number the portal gave. Strict.
 */
export const ACKNOWLEDGEMENT_INVALID = 'Enter the acknowledgement number the portal gave: 10 to 20 digits.';

export const ZAcknowledgementNumberSchema = z
  .string({ error: ACKNOWLEDGEMENT_INVALID })
  .max(40, ACKNOWLEDGEMENT_INVALID)
  .transform((value) => value.replace(/\s/g, ''))
  .refine((value) => /^\d{10,20}$/.test(value), ACKNOWLEDGEMENT_INVALID);

export const ZRecordForm10BDFilingRequestSchema = z.strictObject({
  financialYear: ZFinancialYearSchema,
  filedOn: ZDateSchema,
  acknowledgementNumber: ZAcknowledgementNumberSchema,
});
export type TRecordForm10BDFilingRequest = z.input<typeof ZRecordForm10BDFilingRequestSchema>;

export const ZForm10BDFilingSchema = z.object({
  filedOn: z.string(),
  acknowledgementNumber: z.string(),
  isRevision: z.boolean(),
  recordedAt: z.string(),
});
export type TForm10BDFiling = z.infer<typeof ZForm10BDFilingSchema>;

export const ZRecordForm10BDFilingResponseSchema = z.object({ financialYear: z.string(), filings: z.array(ZForm10BDFilingSchema) });
export type TRecordForm10BDFilingResponse = z.infer<typeof ZRecordForm10BDFilingResponseSchema>;
