import { z } from 'zod';

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

export function requiredText(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
}
