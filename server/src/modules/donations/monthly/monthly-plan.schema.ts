import { z } from 'zod';
import { ZLanguageSchema } from '#server/shared/language';
import { checkDonor, DONOR_FIELDS, MAX_ONLINE_AMOUNT_PAISE, ZAmountPaiseSchema } from '../donation-fields.schema.ts';

/**
 * Monthly giving (issue 33, decision 079): start a plan on /donate; read and change it through the
 * signed link every message carries. Messages are English keys translated in messages.json.
 */
export const MONTHLY_DAY_REQUIRED = 'Choose a day from 1 to 28.';
export const MONTHLY_AMOUNT_TOO_LARGE = 'A monthly gift can be at most ₹10,00,000.';
export const MANAGE_LINK_INVALID = 'This link is not valid. Please use the link in the latest message we sent you.';
export const MONTHLY_CHANGE_EMPTY = 'Give a new amount or a new day.';

export const ZDayOfMonthSchema = z.number({ error: MONTHLY_DAY_REQUIRED }).int(MONTHLY_DAY_REQUIRED).min(1, MONTHLY_DAY_REQUIRED).max(28, MONTHLY_DAY_REQUIRED);
export const ZMonthlyAmountSchema = ZAmountPaiseSchema.max(MAX_ONLINE_AMOUNT_PAISE, MONTHLY_AMOUNT_TOO_LARGE);

/** A manage link's token: the plan's ID and its MAC (the link's fragment, never sent in a Referer). */
export const ZManageTokenSchema = z
  .string({ error: MANAGE_LINK_INVALID })
  .trim()
  .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/, MANAGE_LINK_INVALID);

const { referralId: _referralId, ...donorFields } = DONOR_FIELDS;

/** `donations.monthly.start` (public). */
export const ZStartMonthlyPlanRequestSchema = z
  .strictObject({ amountPaise: ZMonthlyAmountSchema, dayOfMonth: ZDayOfMonthSchema, ...donorFields, language: ZLanguageSchema.optional() })
  .superRefine(checkDonor);
export type TStartMonthlyPlanRequest = z.input<typeof ZStartMonthlyPlanRequestSchema>;
export type TStartMonthlyPlanInput = z.output<typeof ZStartMonthlyPlanRequestSchema>;

export const ZStartMonthlyPlanResponseSchema = z.object({
  amountPaise: z.number().int(),
  dayOfMonth: z.number().int(),
  /** Where the manage link went: 'email' or 'sms' (the link itself is only in the message). */
  linkSentBy: z.enum(['email', 'sms']),
  /** YYYY-MM-DD: the first reminder's day (kind reminder) or the first charge's (gateway). */
  firstOn: z.string(),
  /** With the gateway: the subscription the donor authorises in Checkout, and the key it opens with. */
  razorpay: z.object({ subscriptionId: z.string(), keyId: z.string() }).optional(),
});
export type TStartMonthlyPlanResponse = z.infer<typeof ZStartMonthlyPlanResponseSchema>;

/** `donations.monthly.get` (public, by the signed link): the plan, and nothing about the donor. */
export const ZGetMonthlyPlanRequestSchema = z.strictObject({ token: ZManageTokenSchema });
export const ZMonthlyPlanViewSchema = z.object({
  status: z.enum(['active', 'paused', 'stopped']),
  stoppedBy: z.enum(['donor', 'gateway']).nullable(),
  kind: z.enum(['reminder', 'gateway']),
  amountPaise: z.number().int(),
  dayOfMonth: z.number().int(),
  cause: z.string(),
  /** The gateway's state of the subscription (halted: the bank refused every retry), or null without the gateway. */
  subscriptionStatus: z.string().nullable(),
  /** Months given so far (reminders sent, or charges). */
  gifts: z.number().int(),
  /** YYYY-MM-DD of the next reminder or charge, or null while paused or stopped. */
  nextOn: z.string().nullable(),
});
export type TMonthlyPlanView = z.infer<typeof ZMonthlyPlanViewSchema>;

/** `donations.monthly.manage` (public, by the signed link): one change. */
export const ZManageMonthlyPlanRequestSchema = z.strictObject({
  token: ZManageTokenSchema,
  change: z.discriminatedUnion('action', [
    z.strictObject({ action: z.literal('pause') }),
    z.strictObject({ action: z.literal('resume') }),
    z.strictObject({ action: z.literal('stop') }),
    z
      .strictObject({ action: z.literal('change'), amountPaise: ZMonthlyAmountSchema.optional(), dayOfMonth: ZDayOfMonthSchema.optional() })
      .refine((value) => value.amountPaise !== undefined || value.dayOfMonth !== undefined, MONTHLY_CHANGE_EMPTY),
  ]),
});
export type TManageMonthlyPlanRequest = z.input<typeof ZManageMonthlyPlanRequestSchema>;

/** finance's list: plans by state, IDs and amounts only. */
export const ZMonthlyPlansListRequestSchema = z.strictObject({ status: z.enum(['active', 'paused', 'stopped', 'halted']).optional() }).optional();
export const ZMonthlyPlansListResponseSchema = z.object({
  counts: z.object({ active: z.number().int(), paused: z.number().int(), stopped: z.number().int(), halted: z.number().int() }),
  plans: z.array(
    z.object({
      planId: z.string(),
      kind: z.enum(['reminder', 'gateway']),
      status: z.enum(['active', 'paused', 'stopped']),
      stoppedBy: z.enum(['donor', 'gateway']).nullable(),
      amountPaise: z.number().int(),
      dayOfMonth: z.number().int(),
      cause: z.string(),
      subscriptionId: z.string().nullable(),
      subscriptionStatus: z.string().nullable(),
      gifts: z.number().int(),
      startedOn: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
export type TMonthlyPlansList = z.infer<typeof ZMonthlyPlansListResponseSchema>;
