import { z } from 'zod';

/** `donations.verifyReceipt` (public), from /donate/receipt/:serial?s=<signature>. Lenient lengths: any link gets an answer. */
export const ZVerifyReceiptRequestSchema = z.strictObject({
  serial: z.string({ error: 'The receipt number is missing' }).trim().max(60, 'The receipt number is too long'),
  signature: z.string({ error: 'The signature is missing' }).trim().max(100, 'The signature is too long'),
});
export type TVerifyReceiptRequest = z.input<typeof ZVerifyReceiptRequestSchema>;

/** A receipt that is not genuine gets `{ isGenuine: false }` and nothing else; a genuine one, what is recorded now. */
export const ZVerifyReceiptResponseSchema = z.object({
  isGenuine: z.boolean(),
  serial: z.string().optional(),
  amountPaise: z.number().int().optional(),
  /** YYYY-MM-DD. */
  issuedOn: z.string().optional(),
  /** Cancelled since it was issued (a bounced cheque, a chargeback, a duplicate): it no longer counts. */
  isCancelled: z.boolean().optional(),
});
export type TVerifyReceiptResponse = z.infer<typeof ZVerifyReceiptResponseSchema>;
