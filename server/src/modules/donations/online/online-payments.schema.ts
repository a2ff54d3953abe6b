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
   * What the delivery did: verified the donation, found it verified by this payment, was a repeat,
   * flagged the payment, or recorded nothing; for refunds (decision 069): cancelled the refunded
   * gift, found it refunded, recorded a refund that failed; for `payment.failed`: recorded the failure;
   * for a monthly plan's subscription.* notice (decision 079): recorded its new state.
   */
  status: z.enum(['verified', 'already-verified', 'duplicate', 'flagged', 'ignored', 'refunded', 'already-refunded', 'refund-failed', 'failure-recorded', 'subscription-updated']),
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
