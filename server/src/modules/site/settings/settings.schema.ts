import { z } from 'zod';
import { isSingleLineText, SINGLE_LINE_ISSUE } from '#server/lib/text.schema';
import { PAN_PATTERN } from '#server/shared/india';

export { PAN_PATTERN };

/**
 * The foundation's settings (PRODUCT.md §10). Every change is an event; the defaults below apply
 * until an admin sets a value. Formats are checked here, and the web form uses the same rules.
 */
const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter a full web address starting with https://' })]);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,17}$/, 'Enter a phone number with digits only, like +91 98765 43210');

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UPI_VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

const paise = z.number().int('Enter a whole number').min(0, 'Cannot be negative').max(10 ** 13, 'Too large');
const count = z.number().int('Enter a whole number').min(0, 'Cannot be negative').max(10 ** 9, 'Too large');
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const bilingual = (max: number) => z.object({ en: text(max), hi: text(max) });
/** A calendar date (YYYY-MM-DD) that exists, or '' when not entered. */
const isoDate = z.union([
  z.literal(''),
  z.iso.date('Enter a date like 2026-04-01'),
]);
/** A day of the year (MM-DD) that exists in every year: 02-29 is refused. */
const monthDay = z
  .string()
  .trim()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, 'Enter a day of the year like 05-31')
  .refine((value) => {
    const [month, day] = value.split('-').map(Number) as [number, number];
    return day <= [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  }, 'Enter a day of the year like 05-31');

/** The sections Form 10BD's "Section code" column accepts (the income-tax portal's template). */
export const SECTION_10BD_CODES = ['80G', '35(1)(ii)', '35(1)(iia)', '35(1)(iii)'] as const;
export type TSection10bdCode = (typeof SECTION_10BD_CODES)[number];

export const ZSettingsSchema = z.object({
  foundationName: bilingual(200),
  address: bilingual(500),
  phone: z.union([z.literal(''), phone]),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')),
  mapLink: optionalUrl,
  registrationNo: text(100),
  pan: z.union([z.literal(''), z.string().trim().toUpperCase().regex(PAN_PATTERN, 'Enter a PAN like ABCDE1234F')]),
  twelveANo: text(100),
  taxExemptionNo: text(100),
  /** "80G" before 1 April 2026, "section 133, Income-tax Act 2025" after: what receipts say, never what Form 10BD files. */
  taxSectionLabel: text(100),
  /** The date the tax-exemption approval (taxExemptionNo) was issued: Form 10BD's "Date of Issuance of Unique Registration Number". */
  approvalIssuedOn: isoDate,
  /** The approval's validity, printed on receipts; alerts run before it ends (issue 31). */
  approvalValidFrom: isoDate,
  approvalValidUntil: isoDate,
  /** The notified section Form 10BD files under, whatever taxSectionLabel says. */
  section10bdCode: z.enum(SECTION_10BD_CODES, { error: 'Choose 80G, 35(1)(ii), 35(1)(iia) or 35(1)(iii)' }),
  /** Who signs receipts for the foundation: printed under the signature. */
  signatoryName: text(100),
  signatoryDesignation: text(100),
  /** The day each year Form 10BD is due for the previous financial year (31 May today; the law may move it). */
  form10bdDueOn: monthDay,
  /** The day each year donors must have their Form 10BE certificates (31 May today). */
  form10beDueOn: monthDay,
  /** FCRA 2010 registration (9 digits); '' = none: foreign citizens' gifts are refused. */
  fcraRegistrationNumber: z.union([z.literal(''), z.string().trim().regex(/^\d{9}$/, 'Enter the 9-digit FCRA registration number')]),
  fcraValidUntil: isoDate,
  /** The designated FCRA account (SBI, New Delhi Main Branch): the only account shown to a foreign citizen. */
  fcraBankAccountName: text(100),
  fcraBankAccountNumber: z.union([z.literal(''), z.string().trim().regex(/^\d{9,18}$/, 'Enter 9 to 18 digits')]),
  fcraBankIfsc: z.union([z.literal(''), z.string().trim().toUpperCase().regex(IFSC_PATTERN, 'Enter an IFSC like SBIN0001234')]),
  fcraBankName: text(100),
  /** Years after the end of a financial year that a verified donation's receipt data is kept despite an erasure (issue 29). */
  taxRecordRetentionYears: z.number().int('Enter a whole number').min(1, 'Enter at least 1 year').max(30, 'Enter at most 30 years'),
  receiptPrefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{1,12}$/, 'Use 1–12 capital letters, digits or dashes')
    // Foreign contributions' receipts are numbered under the prefix with -FC (decision 058): a domestic prefix of that shape would share their series.
    .refine((value) => !value.endsWith('-FC'), 'A receipt prefix cannot end in -FC: that ending marks the foreign contributions’ series'),
  upiVpa: z.union([z.literal(''), z.string().trim().regex(UPI_VPA_PATTERN, 'Enter a UPI ID like name@bank')]),
  upiPayeeName: text(100),
  /**
   * The UPI ID is a verified merchant VPA (issue 33): only then is a tap-to-pay `upi://pay` link with
   * an amount offered. Google Pay, PhonePe and BHIM refuse such a link to a personal VPA ("risk
   * threshold exceeded"), so a personal one gets the QR to scan and the UPI ID to type instead.
   */
  upiIsMerchant: z.boolean(),
  /** The merchant category code (`mc`) the bank gave the merchant VPA: 4 digits (8398 for charities). */
  upiMerchantCode: z.union([z.literal(''), z.string().trim().regex(/^\d{4}$/, 'Enter the 4-digit merchant category code (MCC) the bank gave')]),
  /** UPI's limit on one payment (₹1,00,000 for most banks): above it only a bank transfer is offered. */
  upiPerPaymentCapPaise: z.number().int('Enter a whole number').min(100, 'Enter at least ₹1').max(10 ** 13, 'Too large'),
  bankAccountName: text(100),
  bankAccountNumber: z.union([z.literal(''), z.string().trim().regex(/^\d{9,18}$/, 'Enter 9 to 18 digits')]),
  bankIfsc: z.union([z.literal(''), z.string().trim().toUpperCase().regex(IFSC_PATTERN, 'Enter an IFSC like SBIN0001234')]),
  bankName: text(100),
  meetingLink: optionalUrl,
  groupLink: optionalUrl,
  socialFacebook: optionalUrl,
  socialInstagram: optionalUrl,
  socialYoutube: optionalUrl,
  socialX: optionalUrl,
  baselineHappyDonors: count,
  baselineFundsRaisedPaise: paise,
  baselineOngoingCampaigns: count,
  baselinePeopleHelped: count,
  baselineKanyadanGirls: count,
  baselineKanyadanFundsPaise: paise,
  baselineKanyadanDistricts: count,
  isInviteOnly: z.boolean(),
  memberIdPrefix: z.string().trim().toUpperCase().regex(/^[A-Z]{1,5}$/, 'Use 1 to 5 capital letters'),
  kanyadanPrefix: z.string().trim().toUpperCase().regex(/^[A-Z]{5}$/, 'Use exactly 5 capital letters'),
  kanyadanFeePaise: paise,
  /** The range a `finance` admin may approve as one girl's benefit. */
  kanyadanBenefitMinPaise: paise,
  kanyadanBenefitMaxPaise: paise,
  kanyadanBenefitText: bilingual(2000),
  /** Basis points: 250 = 2.5%. */
  disbursementChargeBasisPoints: z.number().int('Enter a whole number').min(0, 'Cannot be negative').max(5000, 'At most 50%'),
});
export type TSettings = z.infer<typeof ZSettingsSchema>;
export type TSettingKey = keyof TSettings;

/**
 * The settings that decide where money goes and how much (issue 29): the UPI ID and bank account
 * every donor is told to pay, the payee's name, the charge on withdrawals, the Kanyadan fee and the
 * benefit range finance may approve. Changing one needs `finance` (whose staff sign in with a second
 * factor) besides `settings`; each change is mailed at once to every super-admin and finance staff
 * member and shown on the dashboard for a week (docs/decisions/043).
 */
export const MONEY_SETTINGS = [
  'upiVpa',
  'upiPayeeName',
  'upiIsMerchant',
  'upiMerchantCode',
  'upiPerPaymentCapPaise',
  'bankAccountName',
  'bankAccountNumber',
  'bankIfsc',
  'bankName',
  'disbursementChargeBasisPoints',
  'kanyadanFeePaise',
  'kanyadanBenefitMinPaise',
  'kanyadanBenefitMaxPaise',
  'fcraBankAccountName',
  'fcraBankAccountNumber',
  'fcraBankIfsc',
  'fcraBankName',
] as const satisfies readonly TSettingKey[];
export type TMoneySettingKey = (typeof MONEY_SETTINGS)[number];

export function isMoneySetting(key: string): key is TMoneySettingKey {
  return (MONEY_SETTINGS as readonly string[]).includes(key);
}

export const MONEY_SETTINGS_FINANCE_ONLY =
  'Only finance staff, signed in with a second factor, can change where money goes: the UPI ID, payee, bank account, charges and Kanyadan amounts.';

export const OTHER_SETTINGS_SETTINGS_STAFF_ONLY =
  'Only staff with the settings permission can change the foundation’s details, texts and rules; finance staff change where money goes.';

export const ZGetSettingsResponseSchema = z.object({ version: z.number().int(), settings: ZSettingsSchema });
export type TGetSettingsResponse = z.infer<typeof ZGetSettingsResponseSchema>;

/** A one-line setting as changed: the shared rule refuses line breaks and hidden characters (a line break in the foundation's name broke mail headers). */
const line = (max: number) => text(max).refine(isSingleLineText, SINGLE_LINE_ISSUE);

/**
 * What an update may change: the settings' fields, refusing unknown keys at every level (the
 * bilingual ones too); ZSettingsSchema itself stays as it is, as it also describes the answer.
 */
const ZSettingsChangesSchema = ZSettingsSchema.extend({
  foundationName: z.strictObject({ en: line(200), hi: line(200) }),
  registrationNo: line(100),
  twelveANo: line(100),
  taxExemptionNo: line(100),
  taxSectionLabel: line(100),
  upiPayeeName: line(100),
  bankAccountName: line(100),
  bankName: line(100),
  signatoryName: line(100),
  signatoryDesignation: line(100),
  fcraBankAccountName: line(100),
  fcraBankName: line(100),
  address: ZSettingsSchema.shape.address.strict(),
  kanyadanBenefitText: ZSettingsSchema.shape.kanyadanBenefitText.strict(),
})
  .strict()
  .partial();

export const ZUpdateSettingsRequestSchema = z.strictObject({
  /** The version the form was loaded at: a change made meanwhile by someone else is a conflict. */
  expectedVersion: z.number().int().min(0),
  data: ZSettingsChangesSchema.refine((changes) => Object.keys(changes).length > 0, 'Change at least one setting'),
});
export type TUpdateSettingsRequest = z.input<typeof ZUpdateSettingsRequestSchema>;
