import { z } from 'zod';
import { ZLookupContactSchema, ZReferenceSchema } from '../donation-fields.schema.ts';

/**
 * `donations.payOnline` (public, decision 081): the gateway's order for an unpaid pledge, found by its
 * reference and the e-mail or phone given with it (as the status page finds it), to open Checkout
 * on. The pledge's one order is reused; one is made only when the pledge has none. Rate-limited as
 * the status look-up.
 */
export const ZPayOnlineRequestSchema = z.strictObject({ reference: ZReferenceSchema, contact: ZLookupContactSchema });
export type TPayOnlineRequest = z.input<typeof ZPayOnlineRequestSchema>;

export const ZPayOnlineResponseSchema = z.object({
  orderId: z.string().describe('The Razorpay order for this pledge (order_…): Checkout opens on it'),
  keyId: z.string().describe('The key ID Checkout is opened with; never the secret'),
});
export type TPayOnlineResponse = z.infer<typeof ZPayOnlineResponseSchema>;
