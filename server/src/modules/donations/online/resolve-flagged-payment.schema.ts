import { z } from 'zod';
import { ZReasonSchema } from '../donation-fields.schema.ts';

/** `donations.admin.resolveFlaggedPayment` (finance, decision 081): a flagged payment marked resolved, with what was done (3 to 300 characters). */
export const ZResolveFlaggedPaymentRequestSchema = z.strictObject({
  paymentId: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/, 'Not a payment ID.'),
  note: ZReasonSchema,
});
export type TResolveFlaggedPaymentRequest = z.input<typeof ZResolveFlaggedPaymentRequestSchema>;

export const ZResolveFlaggedPaymentResponseSchema = z.object({ paymentId: z.string(), resolvedAt: z.string() });
