import { z } from 'zod';
import { ONLINE_PAYMENT_FLAG_REASONS } from './online-payments.schema.ts';

/** `donations.admin.flaggedPayments` (finance, decision 069): the online payments that verified nothing, newest first. */
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
});
export type TFlaggedPayment = z.infer<typeof ZFlaggedPaymentSchema>;

export const ZFlaggedPaymentsResponseSchema = z.object({ items: z.array(ZFlaggedPaymentSchema), total: z.number().int() });
export type TFlaggedPaymentsResponse = z.infer<typeof ZFlaggedPaymentsResponseSchema>;
