import { z } from 'zod';

export const ZConfirmOnlinePaymentRequestSchema = z.strictObject({
  razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/, 'Not a payment ID.'),
  razorpay_order_id: z.string().regex(/^order_[A-Za-z0-9]{1,40}$/, 'Not an order ID.'),
  razorpay_signature: z.string().max(128),
});

export const ZConfirmOnlinePaymentResponseSchema = z.object({
  /** As people see it: ABCD-2345. */
  reference: z.string(),
  status: z.literal('verified'),
  receiptSerial: z.string(),
});

export const ZRazorpayWebhookResponseSchema = z.object({
  /**
   * What the endpoint did with the delivery (decision 083): `received` — recorded, to be handled at
   * once after the answer (a captured payment verifies its donation, a refund cancels its gift…);
   * `duplicate` — its event ID was recorded already, nothing written; `ignored` — an event or state
   * that records nothing (payment.authorized, a payment not captured), nothing written. Before the
   * inbox the answer said what handling did (`verified`, `flagged`…): that is now in the donation's
   * history, the flagged list and the log.
   */
  status: z.enum(['received', 'duplicate', 'ignored']),
});

/**
 * Why a gateway payment verified nothing and waits for finance (OnlinePaymentFlagged). `partial-refund`:
 * a refund of less than the gift (made in the gateway's dashboard), which no receipt can show.
 */
export const ONLINE_PAYMENT_FLAG_REASONS = ['amount-differs', 'currency-differs', 'unknown-order', 'donation-not-payable', 'paid-twice', 'partial-refund'] as const;

/**
 * What the nightly check (decision 069) finds between the gateway's captured payments of a day and the
 * donations verified online: a captured payment that verified no donation, a donation verified by a
 * payment the gateway does not show captured, or the two of another amount. With the settlements
 * (decision 081): a payment captured a settlement window ago that no settlement has paid out yet, and a
 * payment settled that day for another amount than the donation it verified.
 */
export const ONLINE_PAYMENT_DIFFERENCE_KINDS = ['captured-not-verified', 'verified-not-captured', 'amount-differs', 'captured-not-settled', 'settled-amount-differs'] as const;

export const ONLINE_PAYMENTS_OFF = 'Online payments are not set up.';
