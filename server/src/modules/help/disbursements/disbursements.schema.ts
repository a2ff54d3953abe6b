import { z } from 'zod';
import { isSingleLineText, SINGLE_LINE_ISSUE } from '#server/lib/text.schema';
import { ZDateSchema, ZUtrSchema } from '#server/modules/donations/donation-fields.schema';
import { ZAmountNeededRupeesSchema, ZHelpRequestIdSchema, ZBilingualTextSchema, ZPayoutHolderSchema } from '../help.schema.ts';

/**
 * Disbursements of money the foundation holds for a help request (PRODUCT.md §8, issue 14): the
 * beneficiary asks, finance approves or rejects and marks paid. Money is integer paise in the typed
 * procedures and rupees in REST. Messages are English keys of the web's serverMessages.
 */

export const DISBURSEMENT_STATUS_VALUES = ['requested', 'approved', 'rejected', 'paid'] as const;

/**
 * The order finance's list gives a state in: what waits (requested, approved) oldest first — first
 * asked, first paid; what is done (paid, rejected) is a record, read newest first. The server sorts
 * by it and the page names the order by it.
 */
export function isListedNewestFirst(status: (typeof DISBURSEMENT_STATUS_VALUES)[number]): boolean {
  return status === 'paid' || status === 'rejected';
}
export const DISBURSEMENT_ID_INVALID = 'This withdrawal request’s ID is not valid.';
export const INVALID_WITHDRAWAL_AMOUNT_TEXT = 'Invalid withdrawal amount';
export const CONTACT_NUMBER_REQUIRED_TEXT = 'Enter a contact number.';
export const DISBURSEMENT_REASON_LENGTH = 'Give a reason of 3 to 500 characters.';

/** A UUID, in lower case whatever case it came in: the ledger and the read model key it as text and as uuid. */
export const ZDisbursementIdSchema = z.uuid(DISBURSEMENT_ID_INVALID).transform((id) => id.toLowerCase());

/** The contact: required, at most 15 characters (checked by the decider, so the message names the rule). */
// Zero-width characters alone would pass as given: the shared rule refuses them, and line breaks.
const ZContactNumberSchema = z
  .string({ error: CONTACT_NUMBER_REQUIRED_TEXT })
  .trim()
  .refine(isSingleLineText, SINGLE_LINE_ISSUE)
  .max(100, 'The contact number can have at most 15 characters.');

/** help.disbursements.request: the requester asks; `disbursementId` (a UUID the form keeps) makes a retry find its own request. */
export const ZRequestDisbursementSchema = z.strictObject({
  id: ZHelpRequestIdSchema,
  disbursementId: ZDisbursementIdSchema,
  amountPaise: z.number({ error: INVALID_WITHDRAWAL_AMOUNT_TEXT }).int(INVALID_WITHDRAWAL_AMOUNT_TEXT),
  contactNumber: ZContactNumberSchema,
});
export type TRequestDisbursement = z.infer<typeof ZRequestDisbursementSchema>;

/** POST /api/help/{id}/disbursements: the amount in rupees. */
export const ZRequestDisbursementRestSchema = z.strictObject({
  amount: z.union([z.number(), z.string().max(30)], { error: INVALID_WITHDRAWAL_AMOUNT_TEXT }).transform((value, ctx) => {
    const parsed = ZAmountNeededRupeesSchema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: INVALID_WITHDRAWAL_AMOUNT_TEXT });
      return z.NEVER;
    }
    return parsed.data;
  }),
  contactNumber: ZContactNumberSchema,
});

export const ZDisbursementCreatedSchema = z.object({ id: z.string(), adminChargePaise: z.number().int(), netPaise: z.number().int() });
export const ZDisbursementCreatedRestSchema = z.object({ id: z.string(), adminCharge: z.number().describe('Rupees'), netAmount: z.number().describe('Rupees') });

export const ZDisbursementRowSchema = z.object({
  disbursementId: z.string(),
  amountPaise: z.number().int(),
  adminChargePaise: z.number().int(),
  netPaise: z.number().int(),
  status: z.enum(DISBURSEMENT_STATUS_VALUES),
  requestedAt: z.string(),
  rejectionReason: z.string().nullable(),
  paidOn: z.string().nullable(),
  /** The bank's reference of the payment, once paid: the beneficiary finds it on their statement. */
  utr: z.string().nullable(),
});
export type TDisbursementRow = z.infer<typeof ZDisbursementRowSchema>;

/** help.disbursements.get: what the beneficiary's page shows — the balance, the charge now, and the history (newest first). */
export const ZDisbursementsOfRequestSchema = z.object({
  requestId: z.string(),
  /** Verified earmarked donations. */
  earmarkedPaise: z.number().int(),
  /** What a new withdrawal may take now. */
  availablePaise: z.number().int(),
  /** The admin charge setting (basis points: 250 = 2.5 %). */
  chargeBasisPoints: z.number().int(),
  disbursements: z.array(ZDisbursementRowSchema),
});
export type TDisbursementsOfRequest = z.infer<typeof ZDisbursementsOfRequestSchema>;
export const ZDisbursementsOfRequestRestSchema = z.object({
  requestId: z.string(),
  earmarked: z.number(),
  available: z.number(),
  chargeBasisPoints: z.number().int(),
  disbursements: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      adminCharge: z.number(),
      netAmount: z.number(),
      status: z.enum(DISBURSEMENT_STATUS_VALUES),
      requestedAt: z.string(),
      rejectionReason: z.string().nullable(),
      paidOn: z.string().nullable(),
      utr: z.string().nullable().describe('The bank reference of the payment, once paid'),
    }),
  ),
});

// ---- finance ----

export const ZDisbursementQueueQuerySchema = z.strictObject({ status: z.enum(DISBURSEMENT_STATUS_VALUES).optional() });
export const ZDisbursementQueueItemSchema = ZDisbursementRowSchema.extend({
  requestId: z.string(),
  requestTitle: ZBilingualTextSchema,
  requesterId: z.string(),
  /** The request's balance now (may be below this amount after a cancelled donation). */
  earmarkedPaise: z.number().int(),
  approvedBy: z.string().nullable(),
});
export const ZDisbursementQueueSchema = z.object({
  disbursements: z.array(ZDisbursementQueueItemSchema),
  /** More withdrawals are in this state than are listed (the oldest waiting ones, or the newest done ones, are). */
  hasMore: z.boolean(),
});
export type TDisbursementQueue = z.infer<typeof ZDisbursementQueueSchema>;

/** The Details dialog: null where the beneficiary gave nothing (the page shows "N/A"). Each opening is recorded. */
export const ZDisbursementDetailsSchema = z.object({
  disbursementId: z.string(),
  requestId: z.string(),
  beneficiaryName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  upiId: z.string().nullable(),
  bankName: z.string().nullable(),
  accountHolder: z.string().nullable(),
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  contactNumber: z.string().nullable(),
  /** Who asked for the help, as registered: a payout may be theirs rather than the beneficiary's (issue 32). */
  requesterName: z.string().nullable(),
  /** Whose account the UPI ID and the bank account are (null for one not given), docs/decisions/061. */
  upiHolder: ZPayoutHolderSchema.nullable(),
  bankHolder: ZPayoutHolderSchema.nullable(),
});
export type TDisbursementDetails = z.infer<typeof ZDisbursementDetailsSchema>;

export const ZDisbursementIdRequestSchema = z.strictObject({ disbursementId: ZDisbursementIdSchema });
const ZDisbursementReasonSchema = z.string({ error: DISBURSEMENT_REASON_LENGTH }).trim().min(3, DISBURSEMENT_REASON_LENGTH).max(500, DISBURSEMENT_REASON_LENGTH);
export const ZRejectDisbursementSchema = z.strictObject({ disbursementId: ZDisbursementIdSchema, reason: ZDisbursementReasonSchema });
export const ZRejectDisbursementRestSchema = z.strictObject({ reason: ZDisbursementReasonSchema });
export const ZMarkDisbursementPaidSchema = z.strictObject({ disbursementId: ZDisbursementIdSchema, utr: ZUtrSchema, paidOn: ZDateSchema });
export const ZMarkDisbursementPaidRestSchema = z.strictObject({ utr: ZUtrSchema, paidOn: ZDateSchema });
export const ZDisbursementStatusSchema = z.object({ disbursementId: z.string(), status: z.enum(DISBURSEMENT_STATUS_VALUES) });

/** GET /api/admin/disbursements: rupees. */
export const ZDisbursementQueueRestSchema = z.object({
  disbursements: z.array(
    ZDisbursementsOfRequestRestSchema.shape.disbursements.element.extend({
      requestId: z.string(),
      requestTitle: ZBilingualTextSchema,
      requesterId: z.string(),
      earmarked: z.number().describe('Rupees held for the request (verified earmarked donations)'),
      approvedBy: z.string().nullable(),
    }),
  ),
  hasMore: ZDisbursementQueueSchema.shape.hasMore.describe('More withdrawals are in this state than the 500 listed'),
});
