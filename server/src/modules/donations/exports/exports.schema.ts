import { z } from 'zod';
import { ZDateSchema } from '../donation-fields.schema.ts';

/**
 * The finance exports' queries (issue 13): Form 10BD and its missing-ID report per financial year,
 * and the donations of any date range. Strict: an unknown parameter is a 400, not ignored.
 */

export const FINANCIAL_YEAR_INVALID = 'Enter a financial year like 2026-27.';
export const RANGE_REVERSED = 'The start date must be on or before the end date.';
export const RANGE_TOO_LONG = 'Export at most 5 years at a time.';

const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

export const ZFinancialYearSchema = z
  .string({ error: FINANCIAL_YEAR_INVALID })
  .trim()
  .refine((value) => {
    const match = FINANCIAL_YEAR.exec(value);
    const start = Number(match?.[1]);
    return match !== null && start >= 2000 && start <= 2100 && Number(match[2]) === (start + 1) % 100;
  }, FINANCIAL_YEAR_INVALID);

export const ZFinancialYearQuerySchema = z.strictObject({ fy: ZFinancialYearSchema });
export type TFinancialYearQuery = z.infer<typeof ZFinancialYearQuerySchema>;

/** Form 10BD's query: the year, and `revised=true` for the revised statement of a year already filed. */
export const ZForm10BDQuerySchema = z.strictObject({
  fy: ZFinancialYearSchema,
  revised: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: the revised statement of a year already filed, with the filed statement’s acknowledgement number as the pre-acknowledgement number'),
});

const MAX_RANGE_DAYS = 5 * 366;

export const ZDonationsExportQuerySchema = z
  .strictObject({
    from: ZDateSchema,
    to: ZDateSchema,
    /** Full PANs instead of masked ones: the export's event says so, with the admin. */
    fullPan: z.enum(['true', 'false'], { error: 'Use true or false' }).default('false').transform((value) => value === 'true'),
  })
  .superRefine((query, context) => {
    if (query.from > query.to) context.addIssue({ code: 'custom', path: ['to'], message: RANGE_REVERSED });
    else if ((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 > MAX_RANGE_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: RANGE_TOO_LONG });
  });
export type TDonationsExportQuery = z.input<typeof ZDonationsExportQuerySchema>;
