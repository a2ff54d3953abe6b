import { z } from 'zod';
import { isSingleLineField, SINGLE_LINE_ISSUE } from '#server/lib/text.schema';
import { hasControlCharacters } from '#server/modules/donations/donation-fields.schema';
import { asciiDigits } from '#server/shared/digits';
import { HELP_REQUEST_ID_INVALID, HELP_REQUEST_ID_LENGTH, HELP_REQUEST_ID_PATTERN, ZHelpRequestIdSchema } from '#server/shared/references';

export { HELP_REQUEST_ID_INVALID, HELP_REQUEST_ID_LENGTH, HELP_REQUEST_ID_PATTERN, ZHelpRequestIdSchema };
import {
  accountNumberDigits,
  ACCOUNT_NUMBER_PATTERN,
  checkAccountNumberTypedTwice,
  IFSC_PATTERN,
  UPI_ID_PATTERN,
  withoutConfirmation,
  ZConfirmAccountNumberSchema,
} from '#server/modules/identity/profile/profile.schema';

/**
 * The help module's inputs and answers (PRODUCT.md §8, issue 14), shared by the tRPC procedures,
 * the REST adapters and the web forms. Every message is English and a key of the web's
 * serverMessages in both languages. Money is integer paise in the typed procedures and rupees in
 * REST, as for donations.
 */

// The lists the events declare, repeated here: a schema file imports only zod and other schemas.
export const HELP_CATEGORY_VALUES = ['medical', 'education', 'accident', 'marriage', 'livelihood', 'other'] as const;
/**
 * Whose account a way of paying is, as the request's names tell (issue 32, docs/decisions/061):
 * the beneficiary's own, the requester's (asking for someone else), another person's (a hospital),
 * or not said (a UPI ID given with no holder's name).
 */
export const PAYOUT_HOLDER_VALUES = ['beneficiary', 'requester', 'other', 'unnamed'] as const;
export const ZPayoutHolderSchema = z.enum(PAYOUT_HOLDER_VALUES);
export type TPayoutHolder = z.infer<typeof ZPayoutHolderSchema>;

export const HELP_STATUS_VALUES = ['submitted', 'information_requested', 'published', 'rejected', 'closed'] as const;
export const HELP_CLOSE_REASON_VALUES = ['funded', 'requester', 'staff', 'expired'] as const;
export const HELP_ID_KIND_VALUES = ['aadhaar', 'voter-id', 'pan', 'passport', 'driving-licence', 'ration-card'] as const;
export const HELP_DOCUMENT_KIND_VALUES = ['hospital-estimate', 'hospital-bill', 'admission-letter', 'accident-report', 'other'] as const;
/** Who the beneficiary is to the requester. */
export const HELP_RELATIONS = ['self', 'spouse', 'child', 'parent', 'sibling', 'grandparent', 'grandchild', 'other-relative'] as const;

/**
 * The home page's cause links (`/help?cause=`) and what each lists: a category, or every published
 * request for the causes that are not a category of their own (helping people; environment).
 */
export const HELP_CAUSE_FILTERS: Readonly<Record<string, (typeof HELP_CATEGORY_VALUES)[number] | null>> = {
  medical: 'medical',
  education: 'education',
  accident: 'accident',
  kanyadan: 'marriage',
  marriage: 'marriage',
  livelihood: 'livelihood',
  other: 'other',
  people: null,
  environment: null,
};

/** The donation cause a help category counts under (the transparency page, a gift earmarked for a request). */
export function causeOfCategory(category: string | null): 'general' | 'kanyadan' | 'medical' | 'education' | 'accident' {
  switch (category) {
    case 'medical':
    case 'education':
    case 'accident':
      return category;
    case 'marriage':
      return 'kanyadan';
    default:
      return 'general';
  }
}

/** Documents one request may carry, each an image or a PDF of at most 5 MB. */
export const MAX_HELP_DOCUMENTS = 4;
export const MAX_HELP_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** An estimate or a bill older than this many months says little about today's need. */
export const HELP_DOCUMENT_MAX_AGE_MONTHS = 6;
/** Published requests listed per page. */
export const HELP_PAGE_SIZE = 12;

export const HELP_CATEGORY_REQUIRED = 'Choose what the help is for.';
export const HELP_TITLE_REQUIRED = 'Give the request a title, in English or Hindi.';
export const HELP_TITLE_LENGTH = 'The title must be 5 to 120 characters.';
export const HELP_STORY_REQUIRED = 'Tell the story of the need, in English or Hindi.';
export const HELP_STORY_LENGTH = 'The story must be 50 to 5,000 characters.';
export const HELP_TEXT_CONTROL = 'Remove the special or invisible characters from this text.';
export const HELP_BENEFICIARY_NAME_LENGTH = 'The beneficiary’s name must be 2 to 100 characters.';
export const HELP_RELATION_REQUIRED = 'Choose who the beneficiary is to you.';
export const HELP_UPI_INVALID = 'Enter a UPI ID like name@bank';
export const HELP_BANK_NAME_INVALID = 'Bank name must be 2 to 100 characters';
export const HELP_ACCOUNT_HOLDER_INVALID = 'Account holder name must be 2 to 100 characters';
export const HELP_ACCOUNT_NUMBER_INVALID = 'Account number must be 9 to 18 digits';
export const HELP_IFSC_INVALID = 'Enter an 11-character IFSC like SBIN0001234';
export const HELP_PAYOUT_REQUIRED = 'Give a UPI ID, or the bank account’s holder, number and IFSC, so the help can reach the beneficiary.';
export const HELP_DOCUMENT_REQUIRED = 'Attach at least one document that shows the need (an estimate, a bill, a letter or a report).';
export const HELP_DOCUMENT_KIND_REQUIRED = 'Choose what this document is.';
export const HELP_DOCUMENT_DATE_INVALID = 'Enter the document’s date as shown on it.';
export const HELP_DOCUMENT_DATE_FUTURE = 'The document’s date cannot be in the future.';
export const HELP_DOCUMENT_TOO_OLD = 'Estimates and bills must be at most 6 months old. Attach a newer one.';
export const HELP_DOCUMENT_DETAILS_WITHOUT_FILE = 'Attach the file this document’s details belong to.';
export const HELP_QUESTION_LENGTH = 'The question must be 5 to 1,000 characters.';
export const HELP_ANSWER_LENGTH = 'The answer must be 2 to 2,000 characters.';
export const HELP_REASON_LENGTH = 'Give a reason of 5 to 500 characters.';
export const HELP_ID_KIND_REQUIRED = 'Choose the photo ID you checked.';
export const HELP_CLOSES_ON_INVALID = 'Enter the new closing date.';
export const HELP_MATCH_REQUIRED = 'Say whether the photo ID matches the requester.';
export const HELP_AMOUNT_NEEDED_RANGE = 'The amount needed must be between ₹1 and ₹1,00,00,000.';
export const HELP_AMOUNT_NEEDED_INVALID = 'Enter the amount needed in rupees, like 85000.';

/** Text with no control characters; line breaks only where `isMultiline`. */
function cleanText(min: number, max: number, lengthMessage: string, options: { isMultiline?: boolean } = {}) {
  return z
    .string({ error: lengthMessage })
    .trim()
    .min(min, lengthMessage)
    .max(max, lengthMessage)
    .refine((value) => !hasControlCharacters(value, options), HELP_TEXT_CONTROL);
}

/** An optional text: absent, null or empty means not given (null). */
function optionalText(min: number, max: number, lengthMessage: string, options: { isMultiline?: boolean } = {}) {
  return z
    .union([z.literal(''), z.null(), cleanText(min, max, lengthMessage, options)], { error: lengthMessage })
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));
}

/** A payout field as the profile checks it; empty means not given. */
function payoutText(normalise: (value: string) => string, isValid: (value: string) => boolean, message: string) {
  return z
    .string({ error: message })
    .refine(isSingleLineField, SINGLE_LINE_ISSUE)
    .transform(normalise)
    .refine((value) => value === '' || isValid(value), message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);
}

/**
 * Whole rupees with up to 2 decimals, as a string (the form) or a number (JSON), into integer paise
 * without floating-point arithmetic ("1250.5" → 125050), within ₹1 and ₹1 crore.
 */
export const ZAmountNeededRupeesSchema = z.union([z.number(), z.string().max(30)], { error: HELP_AMOUNT_NEEDED_INVALID }).transform((value, ctx) => {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(typeof value === 'number' ? String(value) : asciiDigits(value).trim().replace(/,/g, ''));
  if (!match) {
    ctx.addIssue({ code: 'custom', message: HELP_AMOUNT_NEEDED_INVALID });
    return z.NEVER;
  }
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (paise < 100 || paise > 1_00_00_000_00) {
    ctx.addIssue({ code: 'custom', message: HELP_AMOUNT_NEEDED_RANGE });
    return z.NEVER;
  }
  return paise;
});

const squeezed = (value: string) => value.trim().replace(/\s+/g, ' ');
const lengthBetween = (min: number, max: number) => (value: string) => value.length >= min && value.length <= max;

export const ZHelpCategorySchema = z.enum(HELP_CATEGORY_VALUES, { error: HELP_CATEGORY_REQUIRED });
/** A YYYY-MM-DD day that exists on the calendar (not 2031-09-31). */
function realDay(message: string) {
  // One check, so a bad day is one message (a pattern and a refinement would both speak).
  return z.string({ error: message }).refine((day) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
    const date = new Date(`${day}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, message);
}
const ZDayTextSchema = realDay(HELP_DOCUMENT_DATE_INVALID);

/**
 * The request's text fields, as the form (multipart, every value a string) or a REST client sends
 * them. The documents are files beside them: `document1`…`document4`, each with `documentNKind`
 * and `documentNDate` (YYYY-MM-DD as written on it). The payout fields may be left empty to take
 * the requester's profile's; an account number given here comes with `confirmAccountNumber`, and the
 * server checks the IFSC against the banks' published list.
 */
export const ZHelpRequestFieldsSchema = z
  .strictObject({
    category: ZHelpCategorySchema,
    titleEn: optionalText(5, 120, HELP_TITLE_LENGTH),
    titleHi: optionalText(5, 120, HELP_TITLE_LENGTH),
    storyEn: optionalText(50, 5000, HELP_STORY_LENGTH, { isMultiline: true }),
    storyHi: optionalText(50, 5000, HELP_STORY_LENGTH, { isMultiline: true }),
    amountNeeded: ZAmountNeededRupeesSchema,
    beneficiaryName: cleanText(2, 100, HELP_BENEFICIARY_NAME_LENGTH),
    relation: z.enum(HELP_RELATIONS, { error: HELP_RELATION_REQUIRED }),
    upiId: payoutText((value) => value.trim().toLowerCase(), (value) => UPI_ID_PATTERN.test(value), HELP_UPI_INVALID),
    bankName: payoutText(squeezed, lengthBetween(2, 100), HELP_BANK_NAME_INVALID),
    accountHolder: payoutText(squeezed, lengthBetween(2, 100), HELP_ACCOUNT_HOLDER_INVALID),
    accountNumber: payoutText(accountNumberDigits, (value) => ACCOUNT_NUMBER_PATTERN.test(value), HELP_ACCOUNT_NUMBER_INVALID),
    /** Required with an account number; never stored. */
    confirmAccountNumber: ZConfirmAccountNumberSchema,
    ifsc: payoutText((value) => value.trim().toUpperCase(), (value) => IFSC_PATTERN.test(value), HELP_IFSC_INVALID),
    ...Object.fromEntries(
      Array.from({ length: MAX_HELP_DOCUMENTS }, (_, index) => [
        [`document${index + 1}Kind`, z.enum(HELP_DOCUMENT_KIND_VALUES, { error: HELP_DOCUMENT_KIND_REQUIRED }).optional()],
        [`document${index + 1}Date`, z.union([z.literal(''), ZDayTextSchema]).optional()],
      ]).flat(),
    ) as Record<`document${1 | 2 | 3 | 4}Kind`, z.ZodOptional<z.ZodEnum<{ [K in (typeof HELP_DOCUMENT_KIND_VALUES)[number]]: K }>>> &
      Record<`document${1 | 2 | 3 | 4}Date`, z.ZodOptional<z.ZodUnion<[z.ZodLiteral<''>, typeof ZDayTextSchema]>>>,
  })
  .superRefine((fields, ctx) => {
    if (!fields.titleEn && !fields.titleHi) ctx.addIssue({ code: 'custom', path: ['titleEn'], message: HELP_TITLE_REQUIRED });
    if (!fields.storyEn && !fields.storyHi) ctx.addIssue({ code: 'custom', path: ['storyEn'], message: HELP_STORY_REQUIRED });
    checkAccountNumberTypedTwice(fields, ctx);
  })
  .transform(withoutConfirmation);
export type THelpRequestFields = z.output<typeof ZHelpRequestFieldsSchema>;
export type THelpRequestFieldsInput = z.input<typeof ZHelpRequestFieldsSchema>;

export const HELP_DOCUMENT_FIELDS = ['document1', 'document2', 'document3', 'document4'] as const;
export type THelpDocumentField = (typeof HELP_DOCUMENT_FIELDS)[number];

export const ZBilingualTextSchema = z.object({ en: z.string().nullable(), hi: z.string().nullable() });

export const ZHelpRequestCreatedSchema = z.object({ id: z.string(), status: z.enum(HELP_STATUS_VALUES) });

// ---- public ----

export const ZHelpListQuerySchema = z.strictObject({
  /** A category, or one of the home page's cause words (HELP_CAUSE_FILTERS); anything else lists every request. */
  cause: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type THelpListQuery = z.input<typeof ZHelpListQuerySchema>;

/** A published (or closed after publishing) request as the public sees it. */
export const ZPublicHelpRequestSchema = z.object({
  id: z.string(),
  category: z.enum(HELP_CATEGORY_VALUES),
  title: ZBilingualTextSchema,
  status: z.enum(['published', 'closed']),
  amountNeededPaise: z.number().int(),
  /** Verified earmarked donations plus confirmed direct gifts. */
  raisedPaise: z.number().int(),
  publishedAt: z.string(),
  closesOn: z.string(),
  closedReason: z.enum(HELP_CLOSE_REASON_VALUES).nullable(),
});
export type TPublicHelpRequest = z.infer<typeof ZPublicHelpRequestSchema>;

export const ZHelpListSchema = z.object({
  requests: z.array(ZPublicHelpRequestSchema),
  /** The category listed, null for all. */
  category: z.enum(HELP_CATEGORY_VALUES).nullable(),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type THelpList = z.infer<typeof ZHelpListSchema>;

export const ZPublicHelpRequestDetailSchema = ZPublicHelpRequestSchema.extend({
  story: ZBilingualTextSchema,
  /**
   * Where to give directly: the beneficiary's UPI ID and the first name to show as the payee, for an
   * open published request whose beneficiary gave a UPI ID; null otherwise (closed, or a bank account only).
   * `holder` says whose UPI ID it is (issue 32) by who they are to the request, never by name: the
   * public sees the beneficiary's first name and the UPI ID only (docs/decisions/031).
   */
  directUpi: z.object({ upiId: z.string(), payeeName: z.string(), holder: ZPayoutHolderSchema }).nullable(),
  /** Updates posted by the requester or staff, newest first. */
  updates: z.array(z.object({ text: ZBilingualTextSchema, by: z.enum(['requester', 'staff']), postedAt: z.string() })),
  /** First name only, as the page shows it ("for Sunita"); the full name stays with staff. */
  beneficiaryFirstName: z.string().nullable(),
  relation: z.enum(HELP_RELATIONS).nullable(),
});
export type TPublicHelpRequestDetail = z.infer<typeof ZPublicHelpRequestDetailSchema>;

export const ZHelpRequestIdRequestSchema = z.strictObject({ id: ZHelpRequestIdSchema });

/** GET /api/help and GET /api/help/{id}: the same, in rupees. */
export const ZHelpRequestRestSchema = z.object({
  id: z.string(),
  category: z.enum(HELP_CATEGORY_VALUES),
  title: ZBilingualTextSchema,
  status: z.enum(['published', 'closed']),
  amountNeeded: z.number().describe('Rupees'),
  raised: z.number().describe('Rupees: verified earmarked donations plus confirmed direct gifts'),
  publishedAt: z.string(),
  closesOn: z.string(),
  closedReason: z.enum(HELP_CLOSE_REASON_VALUES).nullable(),
});
export const ZHelpRequestDetailRestSchema = ZHelpRequestRestSchema.extend({
  story: ZBilingualTextSchema,
  directUpi: ZPublicHelpRequestDetailSchema.shape.directUpi,
  updates: ZPublicHelpRequestDetailSchema.shape.updates,
  beneficiaryFirstName: z.string().nullable(),
  relation: z.enum(HELP_RELATIONS).nullable(),
});
export const ZHelpListRestSchema = z.object({
  requests: z.array(ZHelpRequestRestSchema),
  category: z.enum(HELP_CATEGORY_VALUES).nullable(),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});

// ---- the requester's own ----

export const ZHelpDocumentViewSchema = z.object({
  index: z.number().int(),
  kind: z.enum(HELP_DOCUMENT_KIND_VALUES),
  documentDate: z.string().nullable(),
  mediaType: z.string(),
  /** 1 for an image; a PDF's pages, each shown as an image (?page=). */
  pages: z.number().int(),
});

export const ZMyHelpRequestSchema = z.object({
  id: z.string(),
  category: z.enum(HELP_CATEGORY_VALUES),
  title: ZBilingualTextSchema,
  status: z.enum(HELP_STATUS_VALUES),
  amountNeededPaise: z.number().int(),
  raisedPaise: z.number().int(),
  requestedAt: z.string(),
  closesOn: z.string().nullable(),
  /** Staff's question while it waits for the answer. */
  question: z.string().nullable(),
  /** Staff's reason, when rejected. */
  rejectionReason: z.string().nullable(),
  closedReason: z.enum(HELP_CLOSE_REASON_VALUES).nullable(),
});
export type TMyHelpRequest = z.infer<typeof ZMyHelpRequestSchema>;
export const ZMyHelpRequestsSchema = z.object({ requests: z.array(ZMyHelpRequestSchema) });

export const ZAnswerHelpQuestionRequestSchema = z.strictObject({ id: ZHelpRequestIdSchema, answer: cleanText(2, 2000, HELP_ANSWER_LENGTH, { isMultiline: true }) });
export const ZHelpStatusResponseSchema = z.object({ id: z.string(), status: z.enum(HELP_STATUS_VALUES) });

// ---- staff ----

export const ZHelpQueueQuerySchema = z.strictObject({
  /** Absent: what waits to be checked ('submitted'), oldest first; 'all': every request, newest first. */
  status: z
    .union([z.enum(HELP_STATUS_VALUES), z.literal('all')])
    .optional()
    .describe("A status, oldest first; absent means 'submitted' (the requests waiting to be checked); 'all' lists every request, newest first"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type THelpQueueQuery = z.input<typeof ZHelpQueueQuerySchema>;

export const ZHelpQueueItemSchema = z.object({
  id: z.string(),
  category: z.enum(HELP_CATEGORY_VALUES),
  title: ZBilingualTextSchema,
  status: z.enum(HELP_STATUS_VALUES),
  amountNeededPaise: z.number().int(),
  requesterId: z.string(),
  requestedAt: z.string(),
  isIdentityMatched: z.boolean(),
});
export const ZHelpQueueSchema = z.object({ requests: z.array(ZHelpQueueItemSchema), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() });
export type THelpQueue = z.infer<typeof ZHelpQueueSchema>;

/** Everything staff decide on but the beneficiary's personal details, which `reveal` opens (each opening recorded). */
export const ZHelpRequestAdminDetailSchema = z.object({
  id: z.string(),
  category: z.enum(HELP_CATEGORY_VALUES),
  title: ZBilingualTextSchema,
  story: ZBilingualTextSchema,
  status: z.enum(HELP_STATUS_VALUES),
  amountNeededPaise: z.number().int(),
  raisedPaise: z.number().int(),
  requesterId: z.string(),
  requesterName: z.string().nullable(),
  requestedAt: z.string(),
  documents: z.array(ZHelpDocumentViewSchema),
  identityCheck: z.object({ idKind: z.enum(HELP_ID_KIND_VALUES), isMatched: z.boolean(), checkedBy: z.string(), checkedAt: z.string() }).nullable(),
  /** Questions and answers, oldest first; an answer is null while awaited. */
  questions: z.array(z.object({ question: z.string().nullable(), askedBy: z.string(), askedAt: z.string(), answer: z.string().nullable(), answeredAt: z.string().nullable() })),
  publishedAt: z.string().nullable(),
  closesOn: z.string().nullable(),
  /** The reason is null once the request's key is erased. */
  rejection: z.object({ reason: z.string().nullable(), rejectedBy: z.string(), rejectedAt: z.string() }).nullable(),
  closure: z.object({ reason: z.enum(HELP_CLOSE_REASON_VALUES), closedBy: z.string().nullable(), closedAt: z.string() }).nullable(),
  /**
   * Whose account each way of paying is (null for one not given), without the names, which `reveal`
   * opens; staff are warned before publishing when it is not the beneficiary's (issue 32). Null once erased.
   */
  payoutHolders: z.object({ upi: ZPayoutHolderSchema.nullable(), bank: ZPayoutHolderSchema.nullable() }).nullable(),
});
export type THelpRequestAdminDetail = z.infer<typeof ZHelpRequestAdminDetailSchema>;

/** The beneficiary and where the money goes, as the requester gave them; null once erased. */
export const ZHelpBeneficiarySchema = z.object({
  name: z.string(),
  relation: z.enum(HELP_RELATIONS),
  upiId: z.string().nullable(),
  bankName: z.string().nullable(),
  accountHolder: z.string().nullable(),
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
});
export const ZRevealHelpBeneficiarySchema = z.object({ beneficiary: ZHelpBeneficiarySchema.nullable() });

export const ZCheckHelpIdentityRequestSchema = z.strictObject({
  id: ZHelpRequestIdSchema,
  idKind: z.enum(HELP_ID_KIND_VALUES, { error: HELP_ID_KIND_REQUIRED }),
  isMatched: z.boolean({ error: HELP_MATCH_REQUIRED }),
});
export const ZAskHelpQuestionRequestSchema = z.strictObject({ id: ZHelpRequestIdSchema, question: cleanText(5, 1000, HELP_QUESTION_LENGTH, { isMultiline: true }) });
export const ZAskHelpQuestionRestRequestSchema = z.strictObject({ question: cleanText(5, 1000, HELP_QUESTION_LENGTH, { isMultiline: true }) });
export const ZRejectHelpRequestSchema = z.strictObject({ id: ZHelpRequestIdSchema, reason: cleanText(5, 500, HELP_REASON_LENGTH, { isMultiline: true }) });
export const ZRejectHelpRestRequestSchema = z.strictObject({ reason: cleanText(5, 500, HELP_REASON_LENGTH, { isMultiline: true }) });
export const ZCloseHelpRequestSchema = z.strictObject({ id: ZHelpRequestIdSchema });
export const ZExtendHelpRequestSchema = z.strictObject({ id: ZHelpRequestIdSchema, closesOn: realDay(HELP_CLOSES_ON_INVALID) });
export const ZHelpDocumentRequestSchema = z.strictObject({ id: ZHelpRequestIdSchema, index: z.coerce.number().int().min(1).max(MAX_HELP_DOCUMENTS) });

export const HELP_UPDATE_REQUIRED = 'Write the update in English or Hindi.';
export const HELP_UPDATE_LENGTH = 'An update must be 5 to 1,000 characters.';

/** help.postUpdate (the requester) and help.admin.postUpdate (staff): an update in either language or both. */
export const ZPostHelpUpdateSchema = z
  .strictObject({
    id: ZHelpRequestIdSchema,
    textEn: optionalText(5, 1000, HELP_UPDATE_LENGTH, { isMultiline: true }),
    textHi: optionalText(5, 1000, HELP_UPDATE_LENGTH, { isMultiline: true }),
  })
  .superRefine((fields, ctx) => {
    if (!fields.textEn && !fields.textHi) ctx.addIssue({ code: 'custom', path: ['textEn'], message: HELP_UPDATE_REQUIRED });
  });
