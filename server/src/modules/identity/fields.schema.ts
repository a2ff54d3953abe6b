import { z } from 'zod';
import { isMultilineText, isSingleLineText, TEXT_HAS_HIDDEN_CHARACTERS } from '#server/lib/text.schema';
import { INDIAN_STATES, type IndianState } from '#server/shared/india';

/**
 * Field rules shared by the server and the web forms. Messages are English; the web client
 * translates them through its i18n dictionary (web/src/i18n, "serverMessages").
 */
export const USER_ID_PATTERN = /^[A-Z]{1,5}\d{7}$/;

export const ZUserIdSchema = z
  .string({ error: 'User ID is required' })
  .trim()
  .toUpperCase()
  .regex(USER_ID_PATTERN, 'Enter a valid user ID, like SH1234567');

/**
 * An Indian mobile number's 10 digits, as people type it (spaces, hyphens, +91, 91 or 0 in front),
 * or null when it is not one. The one reading of a typed number for the fields that take either a
 * number or something else (a user ID, an e-mail address).
 */
export function indianMobileOf(text: string): string | null {
  return /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(text.replace(/[\s-]/g, ''))?.[1] ?? null;
}

export const USER_ID_OR_PHONE_INVALID = 'Enter your user ID (like SH1234567) or your 10-digit mobile number';

/**
 * Sign-in takes the registered mobile number wherever it takes a user ID: the user ID in capitals,
 * or the number's 10 digits (after an optional +91, 91 or 0; spaces and hyphens ignored).
 */
export const ZUserIdOrPhoneSchema = z
  .string({ error: 'User ID is required' })
  .trim()
  .min(1, 'User ID is required')
  .transform((value, context) => {
    const userId = value.toUpperCase();
    if (USER_ID_PATTERN.test(userId)) return userId;
    const phone = indianMobileOf(value);
    if (phone) return phone;
    context.addIssue({ code: 'custom', message: USER_ID_OR_PHONE_INVALID });
    return z.NEVER;
  })
  .describe('A user ID such as SH1234567, or the 10-digit Indian mobile number registered to the account (optionally after +91, 91 or 0)');

/** Whether a sign-in identifier (as ZUserIdOrPhoneSchema gives it) is a mobile number rather than a user ID. */
export function isPhoneIdentifier(identifier: string): boolean {
  return /^\d{10}$/.test(identifier);
}

export const ZEmailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail is too long')
  .pipe(z.email('Enter a valid e-mail address'));

/** Indian mobile numbers: 10 digits starting 6–9, with an optional +91, 91 or 0 in front. */
export const ZIndianMobileSchema = z
  .string({ error: 'Phone is required' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(?:\+91|91|0)?[6-9]\d{9}$/, 'Enter a 10-digit Indian mobile number'))
  .transform((value) => value.slice(-10))
  .describe('An Indian mobile number: 10 digits starting with 6, 7, 8 or 9, optionally after +91, 91 or 0; spaces and hyphens are ignored');

export const ZPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const ZEpinSchema = z
  .string({ error: 'Invite code is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8,16}$/, 'Enter a valid invite code');

/**
 * A required text field. Left empty (or only spaces) it says so, `empty` ("Please enter your city"),
 * and nothing else: a length rule is no help to someone who has typed nothing.
 */
export function requiredText(label: string, min: number, max: number, empty = `${label} is required`, options: { isMultiline?: boolean } = {}) {
  return z
    .string({ error: empty })
    .trim()
    .min(1, { message: empty, abort: true })
    // Line breaks (but in a multi-line field) and hidden characters (zero-width alone is not "filled in"): the shared rule.
    .refine(options.isMultiline ? isMultilineText : isSingleLineText, { message: TEXT_HAS_HIDDEN_CHARACTERS, abort: true })
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * A required field with rules of its own (an e-mail address, a mobile number): left empty it says
 * `empty` ("Please enter your e-mail address"), otherwise `schema` decides.
 */
export function filledIn<T extends z.ZodType<unknown, string>>(empty: string, schema: T) {
  const field = z
    .string({ error: empty })
    .refine((value) => value.trim() !== '', { message: empty, abort: true })
    .pipe(schema);
  return schema.description ? field.describe(schema.description) : field;
}

/** An Indian postal PIN code: 6 digits, the first not 0 (spaces are only for reading). */
export const PIN_CODE_INVALID = 'Enter the 6-digit PIN code';
export const ZPinCodeSchema = z
  .string({ error: PIN_CODE_INVALID })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^[1-9]\d{5}$/, PIN_CODE_INVALID))
  .describe('An Indian postal PIN code: 6 digits, the first not 0');

/** A state's or union territory's name in English, from its key: "jammu-and-kashmir" → "Jammu and Kashmir". */
export function indianStateName(key: IndianState): string {
  return key
    .split('-')
    .map((word) => (word === 'and' ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** The state a typed name or key stands for ("Tamil Nadu", "tamil nadu", "tamil-nadu"), or null. */
export function indianStateOf(text: string): IndianState | null {
  const key = text.trim().toLowerCase().replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
  return (INDIAN_STATES as readonly string[]).includes(key) ? (key as IndianState) : null;
}

export const STATE_NOT_IN_LIST = 'Choose a state or union territory from the list';

/**
 * One of India's 28 states and 8 union territories, chosen from a list: given by its key
 * ("madhya-pradesh", as the form sends it) or its English name, kept as the English name
 * ("Madhya Pradesh"), as addresses typed before the list are.
 */
export function indianStateField(empty: string) {
  return filledIn(
    empty,
    z.string().max(100, STATE_NOT_IN_LIST).transform((value, context) => {
      const key = indianStateOf(value);
      if (key) return indianStateName(key);
      context.addIssue({ code: 'custom', message: STATE_NOT_IN_LIST });
      return z.NEVER;
    }),
  ).describe(`One of India's states and union territories, by its English name or its key: ${INDIAN_STATES.join(', ')}`);
}
