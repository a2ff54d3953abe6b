import { z } from 'zod';
import { isMultilineText, isSingleLineText } from '#server/lib/text.schema';
import { ZUserIdSchema } from '#server/modules/identity/fields.schema';
import { PAN_PATTERN } from '#server/modules/site/settings/settings.schema';
import { DONATION_CAUSES } from '#server/shared/causes';
import { isForeignCountryCode } from '#server/shared/countries';
import { asciiDigits } from '#server/shared/digits';
import { LATIN_NAME_PATTERN } from '#server/shared/latin-name-pattern';
import { INDIAN_MOBILE, LOOKUP_CONTACT_INVALID, ZLookupContactSchema } from '#server/shared/contact';
import { REFERENCE_ALPHABET } from '#server/shared/references';

export { LOOKUP_CONTACT_INVALID, REFERENCE_ALPHABET, ZLookupContactSchema };

/**
 * Field rules of the donations API, shared by the server, the REST adapters and the web forms
 * (imports only zod and other schemas). Messages are English keys the web translates through
 * web/src/i18n/{en,hi}/messages.json "serverMessages". Money is integer paise.
 */

export { DONATION_CAUSES } from '#server/shared/causes';
/** `online`: paid through the payment gateway and verified by the payment itself, never chosen by finance (issue 33). */
export const DONATION_MODES = ['upi', 'bank-transfer', 'cash', 'cheque', 'dd', 'online'] as const;
/** The modes finance verifies a donation in by hand. */
export const HAND_VERIFIED_MODES = ['upi', 'bank-transfer', 'cash', 'cheque', 'dd'] as const;
/** Gifts received at the office and recorded by a finance admin. */
export const OFFLINE_MODES = ['cash', 'cheque', 'dd'] as const;
export const DONATION_STATUSES = ['awaiting_payment', 'proof_received', 'verified', 'rejected', 'abandoned', 'cancelled'] as const;
export const UTR_KINDS = ['upi-imps', 'neft-rtgs'] as const;
/** "Are you an Indian citizen?" Indian citizens living abroad are Indian; OCI card holders are foreign citizens. */
export const CITIZENSHIPS = ['indian', 'foreign'] as const;
/** A gift's nature for Form 10BD and its receipt, chosen by finance at verification (decision 057). */
export const DONATION_TYPES = ['corpus', 'specific-grant', 'others'] as const;

/** ₹1. */
export const MIN_AMOUNT_PAISE = 100;
/** ₹10,00,000: larger gifts are not taken online (the donor is told the bank details instead). */
export const MAX_ONLINE_AMOUNT_PAISE = 10_00_000_00;
/** ₹9,99,99,999: the most a receipt can say in words, so the most an offline gift may be. */
export const MAX_RECORDABLE_AMOUNT_PAISE = 9_99_99_999_00;

export const REFERENCE_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/;

export const AMOUNT_NOT_A_NUMBER = 'Enter the amount as a number, like 1250 or 1250.50.';
export const AMOUNT_FRACTION_OF_PAISA = 'The amount can have at most 2 decimal places.';
export const AMOUNT_MINIMUM = 'The smallest donation is ₹1.';
export const AMOUNT_TOO_LARGE = 'Amounts above ₹9,99,99,999 cannot be recorded.';
export const CAUSE_REQUIRED = 'Choose a cause';
export const DONOR_NAME_REQUIRED = 'Enter the donor’s name';
export const DONOR_NAME_TOO_SHORT = 'The name must be at least 2 characters';
export const DONOR_NAME_TOO_LONG = 'The name must be at most 100 characters';
export const ADDRESS_TOO_LONG = 'The address must be at most 300 characters';
export const FORMULA_START = 'This cannot start with =, +, - or @.';
export const CONTROL_CHARACTERS = 'Remove the hidden control characters from this text.';
export const PAN_INVALID = 'Enter a PAN like ABCDE1234F';
export const PAN_NAME_NOT_LATIN = 'Write the name as on the PAN in English letters (A to Z), like Kamla Sharma.';
export const PAN_NAME_WITHOUT_PAN = 'The name as on the PAN goes with a PAN: enter the PAN too, or leave this empty.';
export const DONATION_TYPE_REQUIRED = 'Choose the donation type: corpus, specific grant or others';
export const EMAIL_INVALID = 'Enter a valid e-mail address';
export const PHONE_INVALID = 'Enter a 10-digit Indian mobile number';
export const CONTACT_REQUIRED = 'Give an e-mail address or a phone number, so that you can check the donation and receive its receipt.';
export const REFERENCE_INVALID = 'Enter the donation reference: 8 letters and digits, like ABCD-2345.';
export const UTR_REQUIRED = 'Enter the UTR (the bank’s reference) of your payment.';
export const UTR_INVALID = 'Enter the UTR: 12 digits for UPI or IMPS, or 16 to 22 letters and digits for NEFT or RTGS.';
export const REASON_TOO_SHORT = 'Give a reason of at least 3 characters';
export const REASON_TOO_LONG = 'At most 300 characters';
export const DATE_INVALID = 'Enter a date like 2026-04-15';
export const MODE_REQUIRED = 'Choose how the money was received';
export const INSTRUMENT_REQUIRED = 'Enter the cheque or DD number';
export const INSTRUMENT_INVALID = 'Enter the cheque or DD number: 4 to 30 letters or digits';
export const INSTRUMENT_NOT_ALLOWED = 'Only a cheque or demand draft has a number here.';
export const INSTRUMENT_BANK_INVALID = 'Enter the bank the cheque or DD is drawn on: 2 to 100 characters on one line';
export const INSTRUMENT_BANK_REQUIRED = 'Enter the bank the cheque or DD is drawn on';
export const INSTRUMENT_DATE_REQUIRED = 'Enter the date written on the cheque or DD';
export const INSTRUMENT_DETAILS_TOGETHER = 'Give the bank and the date of the cheque or DD together.';
export const INSTRUMENT_DETAILS_ONLY_CHEQUE = 'Only a cheque or demand draft has a bank and date here.';
export const CITIZENSHIP_REQUIRED = 'Say whether the donor is an Indian citizen.';
export const COUNTRY_INVALID = 'Choose the country of citizenship from the list.';
export const COUNTRY_INDIA = 'India is not a foreign country: an Indian citizen chooses “Indian citizen”.';
export const COUNTRY_ONLY_FOREIGN = 'A country of citizenship is asked only of a foreign citizen.';

/**
 * Text a person types that may end up in a CSV file (names, addresses, reasons): no control
 * characters (NUL cannot even be stored; others hide text), no bidirectional overrides, and no
 * leading = + - @, which a spreadsheet would run as a formula. Escaping on export would change the
 * data a tax portal receives, so such text is refused when entered. Line breaks only where allowed.
 */
const STARTS_LIKE_FORMULA = /^[=+\-@]/;

/** The shared rule (server/src/lib/text.schema.ts): control and format characters, bidi controls, zero-width characters. */
export function hasControlCharacters(text: string, options: { isMultiline?: boolean } = {}): boolean {
  return options.isMultiline ? !isMultilineText(text) : !isSingleLineText(text);
}

export function startsLikeFormula(text: string): boolean {
  return STARTS_LIKE_FORMULA.test(text);
}

function safeText(text: z.ZodString, options: { isMultiline?: boolean } = {}) {
  return text.refine((value) => !hasControlCharacters(value, options), CONTROL_CHARACTERS).refine((value) => !startsLikeFormula(value), FORMULA_START);
}

export const ZAmountPaiseSchema = z
  .number({ error: AMOUNT_NOT_A_NUMBER })
  .int(AMOUNT_FRACTION_OF_PAISA)
  .min(MIN_AMOUNT_PAISE, AMOUNT_MINIMUM)
  .max(MAX_RECORDABLE_AMOUNT_PAISE, AMOUNT_TOO_LARGE);

/**
 * Rupees with up to 2 decimals, as a JSON number or a string (REST clients send both), turned into
 * integer paise without floating-point arithmetic: "1250.5" → 125050.
 */
export const ZAmountRupeesSchema = z
  .union([z.number(), z.string().max(30)], { error: AMOUNT_NOT_A_NUMBER })
  .transform((value, ctx) => {
    // Devanagari digits as ASCII ones (issue 32).
    const text = typeof value === 'number' ? String(value) : asciiDigits(value).trim();
    const match = /^(-?)(\d{1,15})(?:\.(\d+))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_NOT_A_NUMBER });
      return z.NEVER;
    }
    const [, sign, whole, fraction = ''] = match;
    if (fraction.replace(/0+$/, '').length > 2) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_FRACTION_OF_PAISA });
      return z.NEVER;
    }
    const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
    return sign === '-' ? -paise : paise;
  })
  .pipe(ZAmountPaiseSchema);

export const ZCauseSchema = z.enum(DONATION_CAUSES, { error: CAUSE_REQUIRED });

export const ZDonorNameSchema = safeText(
  z
    .string({ error: DONOR_NAME_REQUIRED })
    .trim()
    .min(2, { error: (issue) => (issue.input === '' ? DONOR_NAME_REQUIRED : DONOR_NAME_TOO_SHORT) })
    .max(100, DONOR_NAME_TOO_LONG),
);

/** Optional text: empty means not given (null). */
export const ZOptionalAddressSchema = safeText(z.string().trim().max(300, ADDRESS_TOO_LONG), { isMultiline: true })
  .transform((value) => (value === '' ? null : value.replace(/\r\n?/g, '\n')))
  .optional();

export const ZOptionalPanSchema = z
  .string({ error: PAN_INVALID })
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || PAN_PATTERN.test(value), PAN_INVALID)
  .transform((value) => (value === '' ? null : value))
  .optional();

/**
 * The donor's name as on their PAN (issue 31), for Form 10BD: Latin letters, spaces, dots,
 * apostrophes and hyphens, as the Income-tax department writes names; white space tidied. Empty
 * means not given (null).
 */
export const ZPanNameSchema = z
  .string({ error: PAN_NAME_NOT_LATIN })
  .max(200, DONOR_NAME_TOO_LONG)
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .refine((value) => value.length <= 100, DONOR_NAME_TOO_LONG)
  .refine((value) => value === '' || LATIN_NAME_PATTERN.test(value), PAN_NAME_NOT_LATIN);

export const ZOptionalPanNameSchema = ZPanNameSchema.transform((value) => (value === '' ? null : value)).optional();

export const ZOptionalEmailSchema = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .max(254, EMAIL_INVALID)
  .refine((value) => value === '' || z.regexes.email.test(value), EMAIL_INVALID)
  // A valid address may start with + or - (+1@x.in), and would run as a formula in an exported CSV.
  .refine((value) => !startsLikeFormula(value), FORMULA_START)
  .transform((value) => (value === '' ? null : value))
  .optional();

/** Indian mobile numbers: 10 digits starting 6–9, with an optional +91, 91 or 0 in front; kept as the 10 digits. */

export const ZOptionalPhoneSchema = z
  .string({ error: PHONE_INVALID })
  .max(20, PHONE_INVALID)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => value === '' || INDIAN_MOBILE.test(value), PHONE_INVALID)
  .transform((value) => (value === '' ? null : value.slice(-10)))
  .optional();

export const ZOptionalReferralIdSchema = z.union([z.literal(''), ZUserIdSchema]).optional();

/** Accepted with or without the dash, in any case; the output is the canonical 8 characters. */
export const ZReferenceSchema = z
  .string({ error: REFERENCE_INVALID })
  .max(40, REFERENCE_INVALID)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .refine((value) => REFERENCE_PATTERN.test(value), REFERENCE_INVALID);


/** 12 digits: UPI or IMPS. 16–22 letters and digits: NEFT or RTGS. */
export function utrKindOf(utr: string): (typeof UTR_KINDS)[number] | null {
  if (/^\d{12}$/.test(utr)) return 'upi-imps';
  if (/^[A-Z0-9]{16,22}$/.test(utr)) return 'neft-rtgs';
  return null;
}

export const ZUtrSchema = z
  .string({ error: UTR_REQUIRED })
  .max(40, UTR_INVALID)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .refine((value) => value !== '', UTR_REQUIRED)
  .refine((value) => value === '' || utrKindOf(value) !== null, UTR_INVALID);

export const ZReasonSchema = safeText(z.string({ error: REASON_TOO_SHORT }).trim().min(3, REASON_TOO_SHORT).max(300, REASON_TOO_LONG));

/** A calendar date, YYYY-MM-DD, that exists. */
export const ZDateSchema = z
  .string({ error: DATE_INVALID })
  .trim()
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, DATE_INVALID);

export const ZModeSchema = z.enum(HAND_VERIFIED_MODES, { error: MODE_REQUIRED });
export const ZOfflineModeSchema = z.enum(OFFLINE_MODES, { error: MODE_REQUIRED });

export const ZOptionalInstrumentNumberSchema = z
  .string({ error: INSTRUMENT_INVALID })
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || /^[A-Z0-9][A-Z0-9-]{3,29}$/.test(value), INSTRUMENT_INVALID)
  .transform((value) => (value === '' ? null : value))
  .optional();

/** The bank a cheque or DD is drawn on ("State Bank of India, Patna"); optional over REST. */
export const ZOptionalInstrumentBankSchema = z
  .string({ error: INSTRUMENT_BANK_INVALID })
  .trim()
  .refine((value) => value === '' || (value.length >= 2 && value.length <= 100 && isSingleLineText(value)), INSTRUMENT_BANK_INVALID)
  .transform((value) => (value === '' ? null : value))
  .optional();

/** The date written on a cheque or DD (YYYY-MM-DD); its rules against the day received are the decider's. */
export const ZOptionalInstrumentDateSchema = z
  .union([z.literal(''), ZDateSchema])
  .transform((value) => (value === '' ? null : value))
  .optional();

/**
 * A cheque's or DD's bank and date (issue 31): optional over REST (the contract of PRODUCT.md §12),
 * but given together and only for those modes. The office's web form requires them (checkInstrumentDetailsGiven).
 */
export function checkInstrumentDetails(value: { mode: string; instrumentBank?: string | null; instrumentDate?: string | null }, ctx: z.RefinementCtx): void {
  const isInstrument = value.mode === 'cheque' || value.mode === 'dd';
  if (!isInstrument) {
    if (value.instrumentBank) ctx.addIssue({ code: 'custom', path: ['instrumentBank'], message: INSTRUMENT_DETAILS_ONLY_CHEQUE });
    if (value.instrumentDate) ctx.addIssue({ code: 'custom', path: ['instrumentDate'], message: INSTRUMENT_DETAILS_ONLY_CHEQUE });
    return;
  }
  if (Boolean(value.instrumentBank) !== Boolean(value.instrumentDate)) {
    ctx.addIssue({ code: 'custom', path: [value.instrumentBank ? 'instrumentDate' : 'instrumentBank'], message: INSTRUMENT_DETAILS_TOGETHER });
  }
}

/** The office's form: a cheque or DD is recorded with its bank and date. */
export function checkInstrumentDetailsGiven(value: { mode: string; instrumentBank?: string | null; instrumentDate?: string | null }, ctx: z.RefinementCtx): void {
  if (value.mode !== 'cheque' && value.mode !== 'dd') return;
  if (!value.instrumentBank) ctx.addIssue({ code: 'custom', path: ['instrumentBank'], message: INSTRUMENT_BANK_REQUIRED });
  if (!value.instrumentDate) ctx.addIssue({ code: 'custom', path: ['instrumentDate'], message: INSTRUMENT_DATE_REQUIRED });
}

/** A cheque or DD needs its number; any other mode has none. */
export function checkInstrumentNumber(value: { mode: string; instrumentNumber?: string | null }, ctx: z.RefinementCtx): void {
  const needsNumber = value.mode === 'cheque' || value.mode === 'dd';
  if (needsNumber && !value.instrumentNumber) ctx.addIssue({ code: 'custom', path: ['instrumentNumber'], message: INSTRUMENT_REQUIRED });
  if (!needsNumber && value.instrumentNumber) ctx.addIssue({ code: 'custom', path: ['instrumentNumber'], message: INSTRUMENT_NOT_ALLOWED });
}

/** The name as on a PAN is asked only when a PAN is given. */
export function checkPanNameWithPan(value: { pan?: string | null; panName?: string | null }, ctx: z.RefinementCtx): void {
  if (value.panName && !value.pan) ctx.addIssue({ code: 'custom', path: ['panName'], message: PAN_NAME_WITHOUT_PAN });
}

export const ZDonationTypeSchema = z.enum(DONATION_TYPES, { error: DONATION_TYPE_REQUIRED });

/**
 * The donation type finance is offered at verification (decision 057): a gift for a published help
 * request or for Kanyadan is given for a named need or scheme, a specific grant; any other cause is
 * "others". Never corpus: a gift is corpus only when its donor says so in writing, which finance
 * then chooses.
 */
export function defaultDonationTypeOf(gift: { cause: string; helpRequestId?: string | null }): (typeof DONATION_TYPES)[number] {
  return gift.helpRequestId || gift.cause === 'kanyadan' ? 'specific-grant' : 'others';
}

/** At least one way to reach the donor, which is also how they find the donation again. */
export function checkContactGiven(value: { email?: string | null; phone?: string | null }, ctx: z.RefinementCtx): void {
  if (!value.email && !value.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: CONTACT_REQUIRED });
}

/** The donor's part of a pledge checked as a whole: a contact, a PAN name only with a PAN, a country only with a foreign citizen. */
export function checkDonor(
  value: { email?: string | null; phone?: string | null; pan?: string | null; panName?: string | null; citizenship?: string; country?: string },
  ctx: z.RefinementCtx,
): void {
  checkContactGiven(value, ctx);
  checkPanNameWithPan(value, ctx);
  checkCountry(value, ctx);
}

/** The reference as people see it: ABCD-2345. */
export function formatReference(reference: string): string {
  return `${reference.slice(0, 4)}-${reference.slice(4)}`;
}

export const ZCitizenshipSchema = z.enum(CITIZENSHIPS, { error: CITIZENSHIP_REQUIRED });

/** ISO 3166-1 alpha-2, any case ('us' → 'US'); India refused with its own message. */
export const ZCountrySchema = z
  .string({ error: COUNTRY_INVALID })
  .trim()
  .toUpperCase()
  .refine((value) => value !== 'IN', COUNTRY_INDIA)
  .refine((value) => value === 'IN' || isForeignCountryCode(value), COUNTRY_INVALID);

/** A country goes with a foreign citizen only (whether one is needed is the pledge's decision: it depends on the FCRA registration). */
export function checkCountry(value: { citizenship?: string; country?: string }, ctx: z.RefinementCtx): void {
  if (value.country !== undefined && value.citizenship !== 'foreign') ctx.addIssue({ code: 'custom', path: ['country'], message: COUNTRY_ONLY_FOREIGN });
}

export const ZShowNameSchema = z.boolean({ error: 'Choose yes or no' }).default(false);

/** The donor's part of a pledge, online or recorded at the office. */
export const DONOR_FIELDS = {
  cause: ZCauseSchema,
  donorName: ZDonorNameSchema,
  email: ZOptionalEmailSchema,
  phone: ZOptionalPhoneSchema,
  pan: ZOptionalPanSchema,
  /** The name as on the PAN, in Latin letters (Form 10BD); only with a PAN. Optional over REST. */
  panName: ZOptionalPanNameSchema,
  address: ZOptionalAddressSchema,
  /** "Show my name on the transparency page"; off unless asked for. */
  showName: ZShowNameSchema,
  /** The member credited with the funds raised; empty or absent for none. */
  referralId: ZOptionalReferralIdSchema,
  /**
   * "Is the donor an Indian citizen?" Optional here (a field added to the REST contract is optional,
   * docs/product.md §12): absent is treated as before, a domestic gift, and the pledge records that
   * it was not declared. The web forms require it (decision 058).
   */
  citizenship: ZCitizenshipSchema.optional(),
  /** A foreign citizen's country of citizenship (required of them once the foundation holds an FCRA registration). */
  country: ZCountrySchema.optional(),
};
