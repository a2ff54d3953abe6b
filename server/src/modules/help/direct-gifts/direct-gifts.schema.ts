import { z } from 'zod';
import { ZUtrSchema } from '#server/modules/donations/donation-fields.schema';
import { asciiDigits } from '#server/shared/digits';
import { ZHelpRequestIdSchema, ZBilingualTextSchema } from '../help.schema.ts';

/**
 * Direct gifts (PRODUCT.md §8, "Two ways to help" 2.): a signed-in giver pays the beneficiary's UPI
 * and says so with the amount, the UTR and a screenshot; the beneficiary confirms or says "I did not
 * receive this"; a verification admin decides disputes. Money is integer paise in the typed
 * procedures and rupees in REST. Messages are English keys of the web's serverMessages.
 */

export const DIRECT_GIFT_STATUS_VALUES = ['pending', 'confirmed', 'disputed', 'received', 'not-received'] as const;
export type TDirectGiftStatus = (typeof DIRECT_GIFT_STATUS_VALUES)[number];
export const GIFT_ID_INVALID = 'This gift’s ID is not valid.';
export const GIFT_AMOUNT_INVALID = 'Enter the amount you sent in rupees, like 500.';
export const GIFT_AMOUNT_RANGE = 'The amount must be between ₹1 and ₹10,00,000.';
export const GIFT_SCREENSHOT_REQUIRED = 'Attach a screenshot of the payment.';
export const GIFT_REASON_LENGTH = 'Give a reason of 5 to 500 characters.';
/** A direct gift larger than this is a bank matter, not a screenshot's. */
export const MAX_DIRECT_GIFT_PAISE = 10_00_000_00;

export const ZGiftIdSchema = z.uuid(GIFT_ID_INVALID);

/** Rupees with up to 2 decimals, as the form or a REST client sends them, into paise; ₹1 to ₹10 lakh. */
export const ZGiftAmountRupeesSchema = z.union([z.number(), z.string().max(30)], { error: GIFT_AMOUNT_INVALID }).transform((value, ctx) => {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(typeof value === 'number' ? String(value) : asciiDigits(value).trim().replace(/,/g, ''));
  if (!match) {
    ctx.addIssue({ code: 'custom', message: GIFT_AMOUNT_INVALID });
    return z.NEVER;
  }
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (paise < 100 || paise > MAX_DIRECT_GIFT_PAISE) {
    ctx.addIssue({ code: 'custom', message: GIFT_AMOUNT_RANGE });
    return z.NEVER;
  }
  return paise;
});

/** POST /api/help/{requestId}/gifts: multipart text fields beside the file `screenshot` (an image). */
export const ZDirectGiftFieldsSchema = z.strictObject({ amount: ZGiftAmountRupeesSchema, utr: ZUtrSchema });
export const ZDirectGiftCreatedSchema = z.object({ giftId: z.string() });

/** A gift as the beneficiary and staff see it; `screenshotUrl` opens the image (each staff view recorded). */
export const ZDirectGiftSchema = z.object({
  giftId: z.string(),
  requestId: z.string(),
  giverId: z.string(),
  giverName: z.string().nullable(),
  amountPaise: z.number().int(),
  utr: z.string(),
  status: z.enum(DIRECT_GIFT_STATUS_VALUES),
  submittedAt: z.string(),
  screenshotUrl: z.string(),
  decisionReason: z.string().nullable(),
});
export type TDirectGift = z.infer<typeof ZDirectGiftSchema>;

/** help.gifts.forRequest (the beneficiary): every gift to their request, pending ones first. */
export const ZDirectGiftsSchema = z.object({ gifts: z.array(ZDirectGiftSchema) });

/** help.gifts.given (the giver): their own gifts with each request's title. */
export const ZGivenGiftsSchema = z.object({
  gifts: z.array(ZDirectGiftSchema.omit({ giverName: true, screenshotUrl: true }).extend({ requestTitle: ZBilingualTextSchema })),
});

export const ZGiftIdRequestSchema = z.strictObject({ giftId: ZGiftIdSchema });
export const ZDirectGiftStatusSchema = z.object({ giftId: z.string(), status: z.enum(DIRECT_GIFT_STATUS_VALUES) });

/** help.admin.gifts.getDisputes (verification): disputed gifts, oldest first, with both sides. */
export const ZDisputesSchema = z.object({
  gifts: z.array(ZDirectGiftSchema.extend({ requestTitle: ZBilingualTextSchema, requesterId: z.string(), disputedAt: z.string().nullable() })),
});

const ZGiftReasonSchema = z.string({ error: GIFT_REASON_LENGTH }).trim().min(5, GIFT_REASON_LENGTH).max(500, GIFT_REASON_LENGTH);
export const GIFT_DECISION_REQUIRED = 'Choose whether the money was received.';
const ZGiftDecisionSchema = z.enum(['received', 'not-received'], { error: GIFT_DECISION_REQUIRED });
export const ZDecideDisputeSchema = z.strictObject({ giftId: ZGiftIdSchema, decision: ZGiftDecisionSchema, reason: ZGiftReasonSchema });
export const ZDecideDisputeRestSchema = z.strictObject({ decision: ZGiftDecisionSchema, reason: ZGiftReasonSchema });

export const ZHelpRequestGiftsRequestSchema = z.strictObject({ id: ZHelpRequestIdSchema });
