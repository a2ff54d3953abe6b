import { z } from 'zod';
import { ZLanguageSchema } from '#server/shared/language';
import { ZHelpRequestIdSchema } from '#server/shared/references';
import { checkDonor, DONOR_FIELDS, ZAmountPaiseSchema, ZAmountRupeesSchema } from '../donation-fields.schema.ts';

/** `donations.create` (public): a pledge, online. At most ₹10,00,000 (checked with the foundation's bank details in the answer). */
export const ZCreateDonationRequestSchema = z
  .strictObject({ amountPaise: ZAmountPaiseSchema, ...DONOR_FIELDS, helpRequestId: ZHelpRequestIdSchema.optional(), language: ZLanguageSchema.optional() })
  .superRefine(checkDonor);
export type TCreateDonationRequest = z.input<typeof ZCreateDonationRequestSchema>;
export type TCreateDonationInput = z.output<typeof ZCreateDonationRequestSchema>;

/** POST /api/donations: the same, with `amount` in rupees (up to 2 decimals). */
export const ZCreateDonationRestRequestSchema = z
  .strictObject({ amount: ZAmountRupeesSchema, ...DONOR_FIELDS, helpRequestId: ZHelpRequestIdSchema.optional().describe('A published help request the gift is for: earmarked to it once verified'),
    language: ZLanguageSchema.optional(),
  })
  .superRefine(checkDonor);
export type TCreateDonationRestRequest = z.input<typeof ZCreateDonationRestRequestSchema>;

/** How to pay a pledge: the UPI link (also the QR code's text) and the bank-transfer details from settings. */
export const ZPaymentDetailsSchema = z.object({
  /** As people see it: ABCD-2345 (accepted back with or without the dash, in any case). */
  reference: z.string(),
  amountPaise: z.number().int(),
  /**
   * The tap-to-pay link, `upi://pay?pa=…&pn=…&mc=…&am=…&cu=INR&tn=…&tr=<reference>`: only when the
   * UPI ID is a verified merchant VPA (issue 33); null otherwise, and while no UPI ID is set.
   */
  upiLink: z.string().nullable(),
  /** The same text without the condition on a merchant VPA, for the QR code scanned from another phone; null without UPI. */
  upiQrText: z.string().nullable(),
  payeeName: z.string(),
  /** The UPI ID to pay by typing it; '' without UPI (none set, or the amount above `upiCapPaise`). */
  vpa: z.string(),
  /** UPI's limit on one payment: above it only the bank account is offered. */
  upiCapPaise: z.number().int(),
  /** Empty strings where settings have no value yet. For a foreign contribution: the designated FCRA account, and no UPI. */
  bank: z.object({ accountName: z.string(), accountNumber: z.string(), ifsc: z.string(), bankName: z.string() }),
  /** A foreign citizen's gift (FCRA 2010): pay only into the designated FCRA account shown in `bank`. */
  isForeignContribution: z.boolean(),
  /**
   * With the payment gateway configured (issue 33): its order for this pledge and the key ID that
   * opens Checkout on it. Absent without the gateway, for a foreign contribution, or when the
   * gateway could not be reached (the donor pays by UPI or bank transfer as before).
   */
  razorpay: z
    .object({
      orderId: z.string().describe('The Razorpay order for this pledge (order_…): Checkout opens on it'),
      keyId: z.string().describe('The key ID Checkout is opened with (rzp_live_… or rzp_test_…); never the secret'),
    })
    .optional()
    .describe(
      'Only with the payment gateway configured (issue 33): its order for this pledge. Absent without the gateway, for a foreign contribution, or when the gateway could not be reached; the donor then pays by UPI or bank transfer',
    ),
});
export type TPaymentDetails = z.infer<typeof ZPaymentDetailsSchema>;

export const ZCreateDonationResponseSchema = ZPaymentDetailsSchema;
export type TCreateDonationResponse = z.infer<typeof ZCreateDonationResponseSchema>;

/** POST /api/donations answers 201 with the amount in rupees too. */
export const ZCreateDonationRestResponseSchema = ZPaymentDetailsSchema.extend({ amount: z.number() });
