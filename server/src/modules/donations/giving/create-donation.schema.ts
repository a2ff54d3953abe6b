import { z } from 'zod';
import { ZLanguageSchema } from '#server/shared/language';
import { isSingleLineText } from '#server/lib/text.schema';
import { ZFundraiserIdSchema, ZHelpRequestIdSchema } from '#server/shared/references';
import { checkDonor, DONOR_FIELDS, ZAmountPaiseSchema, ZAmountRupeesSchema } from '../donation-fields.schema.ts';

export const FUNDRAISER_MESSAGE_INVALID = 'Keep your message to one line of at most 280 characters.';
export const FUNDRAISER_MESSAGE_WITHOUT_FUNDRAISER = 'A message goes with a gift through a fundraiser.';
export const HELP_REQUEST_AND_FUNDRAISER = 'Give either for a help request or through a fundraiser, not both at once.';

/**
 * A gift through a member's fundraiser (issue 33, decision 080): its ID, and an optional short
 * message for its page (sealed with the donor; the page shows it unless staff hide it). Optional
 * over REST, as every field added to the contract.
 */
const FUNDRAISER_GIFT_FIELDS = {
  fundraiserId: ZFundraiserIdSchema.optional().describe('A member’s approved, open fundraiser the gift is given through: credited to its progress once verified'),
  message: z
    .string({ error: FUNDRAISER_MESSAGE_INVALID })
    .trim()
    .max(280, FUNDRAISER_MESSAGE_INVALID)
    .refine(isSingleLineText, FUNDRAISER_MESSAGE_INVALID)
    .optional()
    .describe('With fundraiserId: a short message for the fundraiser’s page (at most 280 characters)'),
};

function checkFundraiserGift(value: { helpRequestId?: string; fundraiserId?: string; message?: string }, ctx: z.RefinementCtx): void {
  if (value.message && !value.fundraiserId) ctx.addIssue({ code: 'custom', path: ['message'], message: FUNDRAISER_MESSAGE_WITHOUT_FUNDRAISER });
  if (value.helpRequestId && value.fundraiserId) ctx.addIssue({ code: 'custom', path: ['fundraiserId'], message: HELP_REQUEST_AND_FUNDRAISER });
}

/** `donations.create` (public): a pledge, online. At most ₹10,00,000 (checked with the foundation's bank details in the answer). */
export const ZCreateDonationRequestSchema = z
  .strictObject({ amountPaise: ZAmountPaiseSchema, ...DONOR_FIELDS, helpRequestId: ZHelpRequestIdSchema.optional(), ...FUNDRAISER_GIFT_FIELDS, language: ZLanguageSchema.optional() })
  .superRefine(checkDonor)
  .superRefine(checkFundraiserGift);
export type TCreateDonationRequest = z.input<typeof ZCreateDonationRequestSchema>;
export type TCreateDonationInput = z.output<typeof ZCreateDonationRequestSchema>;

/** POST /api/donations: the same, with `amount` in rupees (up to 2 decimals). */
export const ZCreateDonationRestRequestSchema = z
  .strictObject({ amount: ZAmountRupeesSchema, ...DONOR_FIELDS, helpRequestId: ZHelpRequestIdSchema.optional().describe('A published help request the gift is for: earmarked to it once verified'),
    ...FUNDRAISER_GIFT_FIELDS,
    language: ZLanguageSchema.optional(),
  })
  .superRefine(checkDonor)
  .superRefine(checkFundraiserGift);
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
