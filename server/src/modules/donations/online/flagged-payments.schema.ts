import { z } from 'zod';
import { ONLINE_PAYMENT_DIFFERENCE_KINDS, ONLINE_PAYMENT_FLAG_REASONS } from './online-payments.schema.ts';

/** `donations.admin.flaggedPayments` (finance, decisions 069, 081): the online payments that verified nothing, open ones first. */
export const ZFlaggedPaymentsRequestSchema = z.strictObject({});

/** How many flags the list shows: the newest. */
export const FLAGGED_PAYMENTS_LIMIT = 200;

export const ZFlaggedPaymentSchema = z.object({
  paymentId: z.string(),
  orderId: z.string().nullable(),
  /** The donation the order was made for (ABCD-2345), when one was. */
  reference: z.string().nullable(),
  reason: z.enum(ONLINE_PAYMENT_FLAG_REASONS),
  paidPaise: z.number().int(),
  paidCurrency: z.string(),
  expectedPaise: z.number().int().nullable(),
  flaggedAt: z.string(),
  /** Finance marked it resolved (decision 081): when, and what was done; null while it is open. */
  resolution: z.object({ resolvedAt: z.string(), note: z.string() }).nullable(),
});
export type TFlaggedPayment = z.infer<typeof ZFlaggedPaymentSchema>;

/** How many nightly checks the page shows: the newest. */
export const ONLINE_PAYMENT_CHECKS_SHOWN = 14;

/** One day's nightly check (decision 069): the gateway's captured payments against the donations verified online, and the differences. */
export const ZOnlinePaymentCheckSchema = z.object({
  /** The day in India, YYYY-MM-DD. */
  date: z.string(),
  capturedCount: z.number().int(),
  capturedPaise: z.number().int(),
  verifiedCount: z.number().int(),
  verifiedPaise: z.number().int(),
  differences: z.array(
    z.object({
      kind: z.enum(ONLINE_PAYMENT_DIFFERENCE_KINDS),
      paymentId: z.string(),
      reference: z.string().nullable(),
      gatewayPaise: z.number().int().nullable(),
      verifiedPaise: z.number().int().nullable(),
      isFlagged: z.boolean(),
    }),
  ),
  /** The day's settlements (decision 081); null for a check recorded before they were compared. */
  settlements: z
    .object({
      settledCount: z.number().int(),
      settledPaise: z.number().int(),
      feesPaise: z.number().int(),
      creditedPaise: z.number().int(),
      /** The day whose captured payments were looked for among the settlements since. */
      capturedOn: z.string(),
      capturedCount: z.number().int(),
    })
    .nullable(),
  checkedAt: z.string(),
});
export type TOnlinePaymentCheck = z.infer<typeof ZOnlinePaymentCheckSchema>;

export const ZFlaggedPaymentsResponseSchema = z.object({
  /** The open flags first (newest first), then the resolved ones (newest resolution first). */
  items: z.array(ZFlaggedPaymentSchema),
  total: z.number().int(),
  /** How many are open (not resolved), of `total`. */
  openCount: z.number().int(),
  /** The newest nightly checks, newest first. */
  checks: z.array(ZOnlinePaymentCheckSchema),
});
export type TFlaggedPaymentsResponse = z.infer<typeof ZFlaggedPaymentsResponseSchema>;
