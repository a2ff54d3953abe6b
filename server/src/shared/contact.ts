import { z } from 'zod';

// How a person who has no account is found again: by the e-mail address or Indian mobile number they
// gave (donations, the statement, erasure by contact). Shared by donations, identity and the web (issue 30).

/** An Indian mobile number, with or without +91, 91 or 0 before it. */
export const INDIAN_MOBILE = /^(?:\+91|91|0)?[6-9]\d{9}$/;
export const LOOKUP_CONTACT_INVALID = 'Enter the e-mail address or mobile number given with the donation.';

/**
 * The e-mail address or phone number given with a donation, to find it again: an e-mail lower-cased,
 * a phone as its 10 digits. Which of the two it is, is told by the `@`.
 */
export const ZLookupContactSchema = z
  .string({ error: LOOKUP_CONTACT_INVALID })
  .trim()
  .max(254, LOOKUP_CONTACT_INVALID)
  .transform((value) => (value.includes('@') ? value.toLowerCase() : value.replace(/[\s-]/g, '')))
  .refine((value) => (value.includes('@') ? z.regexes.email.test(value) : INDIAN_MOBILE.test(value)), LOOKUP_CONTACT_INVALID)
  .transform((value) => (value.includes('@') ? value : value.slice(-10)));
