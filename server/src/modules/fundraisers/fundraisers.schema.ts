import { z } from 'zod';
import { isMultilineText, isSingleLineText } from '#server/lib/text.schema';
import { ZReferenceSchema } from '#server/modules/donations/donation-fields.schema';
import { DONATION_CAUSES, type Cause } from '#server/shared/causes';
import { asciiDigits } from '#server/shared/digits';
import { HELP_REQUEST_ID_INVALID, ZFundraiserIdSchema, ZHelpRequestIdSchema } from '#server/shared/references';

/**
 * The fundraisers module's inputs and answers (issue 33, decision 080), shared by the procedures,
 * the REST adapters and the web forms. Every message is English and a key of the web's
 * "serverMessages" (web/src/i18n/hi/fundraisers.json) for its Hindi.
 */

export { ZFundraiserIdSchema };

export const FUNDRAISER_TARGET_REQUIRED = 'Choose a cause of the foundation or a published help request, not both.';
export const FUNDRAISER_TITLE_REQUIRED = 'Give the fundraiser a title, in English or Hindi.';
export const FUNDRAISER_TITLE_LENGTH = 'The title must be 5 to 120 characters.';
export const FUNDRAISER_STORY_REQUIRED = 'Tell why you are raising funds, in English or Hindi.';
export const FUNDRAISER_STORY_LENGTH = 'The story must be 50 to 5,000 characters.';
export const FUNDRAISER_TEXT_CONTROL = 'Remove hidden characters from this text.';
export const FUNDRAISER_GOAL_INVALID = 'Enter the goal in rupees, such as 25000.';
export const FUNDRAISER_GOAL_TOO_SMALL = 'Set a goal between ₹1 and ₹1,00,00,000.';
export const FUNDRAISER_END_DATE_INVALID = 'Enter the end date as a day on the calendar.';
export const FUNDRAISER_PHOTO_REQUIRED = 'Add a photo for the fundraiser (JPEG, PNG or WebP).';
export const FUNDRAISER_REASON_LENGTH = 'Give the reason in 5 to 500 characters.';
export const FUNDRAISER_CAUSE_INVALID = 'Choose one of the foundation’s causes.';

function cleanText(min: number, max: number, lengthMessage: string, isMultiline = false) {
  return z
    .string({ error: lengthMessage })
    .trim()
    .min(min, lengthMessage)
    .max(max, lengthMessage)
    .refine((value) => (isMultiline ? isMultilineText(value) : isSingleLineText(value)), FUNDRAISER_TEXT_CONTROL);
}

/** Absent, null or empty: not given (null). */
function optionalText(min: number, max: number, lengthMessage: string, isMultiline = false) {
  return z
    .union([z.literal(''), z.null(), cleanText(min, max, lengthMessage, isMultiline)], { error: lengthMessage })
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));
}

/** Whole rupees with up to 2 decimals (a form's string or JSON's number) into integer paise; ₹0 is refused. */
export const ZGoalRupeesSchema = z.union([z.number(), z.string().max(30)], { error: FUNDRAISER_GOAL_INVALID }).transform((value, ctx) => {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(typeof value === 'number' ? String(value) : asciiDigits(value).trim().replace(/,/g, ''));
  if (!match) {
    ctx.addIssue({ code: 'custom', message: FUNDRAISER_GOAL_INVALID });
    return z.NEVER;
  }
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (paise < 100 || paise > 1_00_00_000_00) {
    ctx.addIssue({ code: 'custom', message: FUNDRAISER_GOAL_TOO_SMALL });
    return z.NEVER;
  }
  return paise;
});

/** A YYYY-MM-DD day that exists on the calendar. */
const ZDaySchema = z.string({ error: FUNDRAISER_END_DATE_INVALID }).refine((day) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}, FUNDRAISER_END_DATE_INVALID);

/**
 * POST /api/fundraisers: the text fields of the multipart form (every value a string), beside the
 * one file `photo`. Exactly one of `cause` and `helpRequestId`; a title and a story in at least one
 * language; the goal in rupees; the last day it takes gifts.
 */
export const ZStartFundraiserFieldsSchema = z
  .strictObject({
    cause: z
      .string({ error: FUNDRAISER_CAUSE_INVALID })
      .trim()
      .refine((value): value is Cause | '' => value === '' || (DONATION_CAUSES as readonly string[]).includes(value), FUNDRAISER_CAUSE_INVALID)
      .optional(),
    helpRequestId: z.union([z.literal(''), ZHelpRequestIdSchema], { error: HELP_REQUEST_ID_INVALID }).optional(),
    titleEn: optionalText(5, 120, FUNDRAISER_TITLE_LENGTH),
    titleHi: optionalText(5, 120, FUNDRAISER_TITLE_LENGTH),
    storyEn: optionalText(50, 5000, FUNDRAISER_STORY_LENGTH, true),
    storyHi: optionalText(50, 5000, FUNDRAISER_STORY_LENGTH, true),
    goal: ZGoalRupeesSchema,
    endsOn: ZDaySchema,
  })
  .superRefine((fields, ctx) => {
    if (!fields.cause === !fields.helpRequestId) ctx.addIssue({ code: 'custom', path: ['cause'], message: FUNDRAISER_TARGET_REQUIRED });
    if (!fields.titleEn && !fields.titleHi) ctx.addIssue({ code: 'custom', path: ['titleEn'], message: FUNDRAISER_TITLE_REQUIRED });
    if (!fields.storyEn && !fields.storyHi) ctx.addIssue({ code: 'custom', path: ['storyEn'], message: FUNDRAISER_STORY_REQUIRED });
  })
  .transform(({ cause, helpRequestId, goal, ...rest }) => ({ ...rest, cause: (cause || null) as Cause | null, helpRequestId: helpRequestId || null, goalPaise: goal }));
export type TStartFundraiserFields = z.output<typeof ZStartFundraiserFieldsSchema>;
export type TStartFundraiserFieldsInput = z.input<typeof ZStartFundraiserFieldsSchema>;

export const FUNDRAISER_STATUSES = ['pending', 'approved', 'rejected', 'closed'] as const;
export const ZFundraiserStatusSchema = z.enum(FUNDRAISER_STATUSES);

export const ZStartFundraiserResponseSchema = z.object({ id: z.string(), status: ZFundraiserStatusSchema });
export type TStartFundraiserResponse = z.infer<typeof ZStartFundraiserResponseSchema>;

export const ZFundraiserIdInputSchema = z.strictObject({ id: ZFundraiserIdSchema });
export const ZRejectFundraiserRequestSchema = z.strictObject({ id: ZFundraiserIdSchema, reason: cleanText(5, 500, FUNDRAISER_REASON_LENGTH) });
export const ZHideFundraiserMessageRequestSchema = z.strictObject({
  id: ZFundraiserIdSchema,
  reference: ZReferenceSchema,
});
export const ZFundraiserQueueRequestSchema = z.strictObject({ status: ZFundraiserStatusSchema.default('pending') });

const ZBilingualSchema = z.object({ en: z.string().nullable(), hi: z.string().nullable() });
const ZCauseSchema = z.enum(DONATION_CAUSES);

/** A supporter as the page shows them: a name only when they chose to show it, a message unless staff hid it. */
export const ZSupporterSchema = z.object({ name: z.string().nullable(), message: z.string().nullable(), givenAt: z.string() });

/** What anyone sees of an approved fundraiser (an unapproved or refused one is a 404). */
export const ZPublicFundraiserSchema = z.object({
  id: z.string(),
  isOpen: z.boolean(),
  cause: ZCauseSchema,
  helpRequestId: z.string().nullable(),
  title: ZBilingualSchema,
  story: ZBilingualSchema,
  goalPaise: z.number().int(),
  raisedPaise: z.number().int(),
  gifts: z.number().int(),
  endsOn: z.string(),
  photoUrl: z.string(),
  supporters: z.array(ZSupporterSchema),
});
export type TPublicFundraiser = z.infer<typeof ZPublicFundraiserSchema>;

/** The organiser's own list: progress only, never a donor. */
export const ZMyFundraiserSchema = z.object({
  id: z.string(),
  status: ZFundraiserStatusSchema,
  isOpen: z.boolean(),
  title: ZBilingualSchema,
  goalPaise: z.number().int(),
  raisedPaise: z.number().int(),
  gifts: z.number().int(),
  endsOn: z.string(),
  rejectionReason: z.string().nullable(),
});
export const ZMyFundraisersSchema = z.object({ fundraisers: z.array(ZMyFundraiserSchema) });
export type TMyFundraiser = z.infer<typeof ZMyFundraiserSchema>;

/** What `verification` staff see to decide and moderate: the text, the photo, the messages (never a donor's contact). */
export const ZStaffFundraiserSchema = z.object({
  id: z.string(),
  status: ZFundraiserStatusSchema,
  organiserId: z.string(),
  cause: ZCauseSchema,
  helpRequestId: z.string().nullable(),
  title: ZBilingualSchema,
  story: ZBilingualSchema,
  goalPaise: z.number().int(),
  raisedPaise: z.number().int(),
  gifts: z.number().int(),
  endsOn: z.string(),
  photoUrl: z.string(),
  startedAt: z.string(),
  rejectionReason: z.string().nullable(),
  messages: z.array(z.object({ reference: z.string(), name: z.string().nullable(), message: z.string(), isHidden: z.boolean(), givenAt: z.string() })),
});
export type TStaffFundraiser = z.infer<typeof ZStaffFundraiserSchema>;
export const ZFundraiserQueueSchema = z.object({ fundraisers: z.array(ZStaffFundraiserSchema.omit({ messages: true })) });

export const ZFundraiserStatusResponseSchema = z.object({ id: z.string(), status: ZFundraiserStatusSchema });
