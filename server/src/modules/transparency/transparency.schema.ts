import { z } from 'zod';
import { DONATION_CAUSES } from '#server/modules/donations/donation-fields.schema';

/**
 * What the public /transparency page shows, as GET /api/transparency and transparency.report.get
 * answer it. Only public facts: dates, amounts, causes, and a donor's name only when they agreed.
 */

/** Gifts listed per page. */
export const TRANSPARENCY_PAGE_SIZE = 20;
/** Months in the chart, the current one last. */
export const TRANSPARENCY_MONTHS = 24;
export const PAGE_INVALID = 'Enter a page number from 1 upwards.';

const ZPageNumberSchema = z.coerce.number({ error: PAGE_INVALID }).int(PAGE_INVALID).min(1, PAGE_INVALID).max(1_000_000, PAGE_INVALID).default(1);

export const ZTransparencyQuerySchema = z.strictObject({
  /** The page of the gifts' list. */
  page: ZPageNumberSchema,
  /** The page of the payments' list. */
  paidPage: ZPageNumberSchema,
});
export type TTransparencyQuery = z.input<typeof ZTransparencyQuerySchema>;

const ZCsvLangSchema = z.enum(['en', 'hi'], { error: 'Choose en or hi' }).default('en');

/** The CSV of a page of the gifts' list, with its headings and "Anonymous" in the page's language. */
export const ZTransparencyCsvQuerySchema = z.strictObject({ page: ZPageNumberSchema, lang: ZCsvLangSchema });

/** The CSV of a page of the payments' list, with its headings and words in the page's language. */
export const ZTransparencyPaymentsCsvQuerySchema = z.strictObject({ paidPage: ZPageNumberSchema, lang: ZCsvLangSchema });

const ZCauseSchema = z.enum(DONATION_CAUSES);

const ZMoneyFlowSchema = z.object({ receivedPaise: z.number().int(), disbursedPaise: z.number().int() });

export const ZTransparencySchema = z.object({
  /** The last 24 months in India, oldest first, months without money included (as 0). */
  months: z.array(ZMoneyFlowSchema.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) })),
  /** Per cause, over the same 24 months; every cause, in the donate form's order. */
  causes: z.array(ZMoneyFlowSchema.extend({ cause: ZCauseSchema })),
  /** Over the same 24 months. */
  totals: ZMoneyFlowSchema,
  gifts: z.object({
    page: z.number().int().min(1),
    pageCount: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    /** Verified, not cancelled donations of all time. */
    total: z.number().int().min(0),
    /** Newest first; `donorName` null means "Anonymous". */
    items: z.array(z.object({ receivedOn: z.string(), amountPaise: z.number().int(), cause: ZCauseSchema, donorName: z.string().nullable() })),
  }),
  /**
   * Money paid out, of all time, newest first, 20 a page: Kanyadan benefits and help requests'
   * withdrawals (what reached the beneficiary), with nobody named — no name, number or place.
   */
  payments: z.object({
    page: z.number().int().min(1),
    pageCount: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
    items: z.array(z.object({ paidOn: z.string(), amountPaise: z.number().int(), cause: ZCauseSchema, scheme: z.enum(['help', 'kanyadan']) })),
  }),
  /**
   * The quarterly disclosure of foreign contributions (FCRA 2010; decision 058), null while the
   * foundation holds no FCRA registration: the last four quarters of the Indian financial year
   * (April–June is Q1), newest first, each gift with its donor's name (null once erased at the
   * donor's request), country (ISO 3166-1 alpha-2), amount, date and purpose (the cause).
   */
  foreignContributions: z
    .object({
      registrationNumber: z.string(),
      quarters: z.array(
        z.object({
          /** `2026-27 Q1`. */
          quarter: z.string(),
          from: z.string(),
          to: z.string(),
          totalPaise: z.number().int(),
          items: z.array(
            z.object({ donorName: z.string().nullable(), isNameErased: z.boolean(), country: z.string(), amountPaise: z.number().int(), receivedOn: z.string(), cause: ZCauseSchema }),
          ),
        }),
      ),
    })
    .nullable(),
});
export type TTransparency = z.infer<typeof ZTransparencySchema>;
