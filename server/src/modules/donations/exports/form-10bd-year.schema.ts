import { z } from 'zod';
import { DONATION_CAUSES, DONATION_MODES, DONATION_STATUSES } from '../donation-fields.schema.ts';
import { ZFinancialYearSchema } from './exports.schema.ts';
import { ZForm10BDFilingSchema } from './record-form-10bd-filing.schema.ts';

/** `donations.admin.form10bd.get` (finance): what the Form 10BD screen shows of a financial year. Strict. */
export const ZGetForm10BDYearRequestSchema = z.strictObject({ financialYear: ZFinancialYearSchema });
export type TGetForm10BDYearRequest = z.input<typeof ZGetForm10BDYearRequestSchema>;

/** Why a gift cannot be filed yet (form-10bd.ts UNFILEABLE_REASONS; repeated here for the web, which imports only schemas). */
export const UNFILEABLE_REASON_CODES = ['no-id', 'no-latin-name', 'donor-erased'] as const;

export const ZGetForm10BDYearResponseSchema = z.object({
  financialYear: z.string(),
  /** The first filing, then its revisions. */
  filings: z.array(ZForm10BDFilingSchema),
  /** How many rows the statement has now, and their sum. */
  rows: z.number().int(),
  totalPaise: z.number().int(),
  /** Gifts staff must complete before they can be filed; the donor's name is there to ask them. */
  unfileable: z.array(
    z.object({
      reference: z.string(),
      receivedOn: z.string(),
      amountPaise: z.number().int(),
      mode: z.enum(DONATION_MODES),
      cause: z.enum(DONATION_CAUSES),
      donorName: z.string(),
      reason: z.enum(UNFILEABLE_REASON_CODES),
    }),
  ),
  /** Gifts recorded, verified, cancelled or changed on or after the latest filing's day: for a revised statement. */
  changedSinceFiling: z.array(
    z.object({ reference: z.string(), status: z.enum(DONATION_STATUSES), receivedOn: z.string(), amountPaise: z.number().int(), changedAt: z.string() }),
  ),
});
export type TGetForm10BDYearResponse = z.infer<typeof ZGetForm10BDYearResponseSchema>;
