import { z } from 'zod';
import { ZPaymentDetailsSchema } from './create-donation.schema.ts';
import { DONATION_CAUSES, DONATION_STATUSES, ZLookupContactSchema, ZReferenceSchema } from '../donation-fields.schema.ts';

/** `donations.getStatus` (public): the reference and the e-mail or phone given with the donation. Rate-limited per address. */
export const ZGetDonationStatusRequestSchema = z.strictObject({ reference: ZReferenceSchema, contact: ZLookupContactSchema });
export type TGetDonationStatusRequest = z.input<typeof ZGetDonationStatusRequestSchema>;

/** The query of GET /api/donations/:reference/status and /receipt.pdf. */
export const ZContactQuerySchema = z.strictObject({ contact: ZLookupContactSchema });
/** The receipt's query: the contact, unless the signed-in member gave it or a finance admin asks. */
export const ZOptionalContactQuerySchema = z.strictObject({ contact: ZLookupContactSchema.optional() });

export const ZDonationStatusSchema = z.object({
  reference: z.string(),
  status: z.enum(DONATION_STATUSES),
  amountPaise: z.number().int(),
  cause: z.enum(DONATION_CAUSES),
  pledgedAt: z.string(),
  /** Whether a UTR has been received (the proof form is shown while it has not). */
  hasProof: z.boolean(),
  /** Once verified (and kept when cancelled). */
  receiptSerial: z.string().optional(),
  /** The PDF can be downloaded now: GET /api/donations/<reference>/receipt.pdf?contact=<the same contact>. */
  isReceiptReady: z.boolean().optional(),
  /** Why it was rejected or cancelled. */
  reason: z.string().optional(),
  /** Set while unpaid when an online payment attempt failed (decision 069): the page offers to pay again, or by UPI or bank transfer. */
  onlinePaymentFailed: z.literal(true).optional(),
  /**
   * Set while unpaid when the payment gateway is configured but the pledge has no order there yet
   * (decision 081): `donations.payOnline` with the same reference and contact makes one. When it has
   * one, `pay.razorpay` carries it.
   */
  canPayOnline: z.literal(true).optional(),
  /** How to pay, while no proof has arrived (awaiting payment, abandoned). */
  pay: ZPaymentDetailsSchema.optional(),
});
export type TDonationStatus = z.infer<typeof ZDonationStatusSchema>;
export const ZGetDonationStatusResponseSchema = ZDonationStatusSchema;
