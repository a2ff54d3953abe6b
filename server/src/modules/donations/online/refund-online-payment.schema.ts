import { z } from 'zod';
import { ZReasonSchema, ZReferenceSchema } from '../donation-fields.schema.ts';

/** `donations.admin.refund` (finance, decision 069): the whole online payment of a verified donation given back, with the reason the donor will see. */
export const ZRefundOnlinePaymentRequestSchema = z.strictObject({ reference: ZReferenceSchema, reason: ZReasonSchema });
export type TRefundOnlinePaymentRequest = z.input<typeof ZRefundOnlinePaymentRequestSchema>;

/** POST /api/admin/donations/{reference}/refund (decision 081): the reference is in the path. */
export const ZRefundOnlinePaymentRestRequestSchema = z.strictObject({ reason: ZReasonSchema });

export const ZRefundOnlinePaymentResponseSchema = z.object({
  /** As people see it: ABCD-2345. */
  reference: z.string(),
  /** The gateway's refund (`rfnd_…`). */
  refundId: z.string(),
  /** Under way: the receipt is cancelled when the gateway reports the refund processed. */
  status: z.literal('pending'),
});
