import { z } from 'zod';
import { isSingleLineField, SINGLE_LINE_ISSUE } from '#server/lib/text.schema';
import { indianStateField, requiredText, ZIndianMobileSchema, ZPinCodeSchema, ZUserIdSchema } from '../fields.schema.ts';

/** UPI IDs (VPAs) are `name@bank`: the name of letters, digits, dots, hyphens and underscores; the bank handle of letters and digits. */
export const UPI_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{1,98}@[a-z][a-z0-9]{1,63}$/;
/** Indian Financial System Code: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

/** The rule only the server can check (server/src/modules/identity/profile/ifsc-list.ts): the list is not shipped to the web. */
export const IFSC_NOT_IN_LIST = 'This IFSC is not in the banks’ published list. Check it on your cheque book or passbook.';
export const ACCOUNT_NUMBER_CONFIRM_REQUIRED = 'Type the account number a second time.';
export const ACCOUNT_NUMBERS_DIFFER = 'The two account numbers are not the same. Check both against your passbook.';

/** An account number as the forms take it: spaces and hyphens are only for reading. */
export const accountNumberDigits = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The account number typed a second time, where a payout account is entered (PRODUCT.md issue 16):
 * a typo would send money to someone else. Checked by `checkAccountNumberTypedTwice` and then
 * dropped from the parsed value, so the copy is never stored.
 */
export const ZConfirmAccountNumberSchema = z.string({ error: ACCOUNT_NUMBER_CONFIRM_REQUIRED }).max(40, ACCOUNT_NUMBERS_DIFFER).nullable().optional();

/**
 * When an account number is given (not empty), `confirmAccountNumber` must be given too and hold the
 * same digits; reported beside `confirmAccountNumber`. Clearing the number needs no confirmation.
 */
export function checkAccountNumberTypedTwice(fields: { accountNumber?: unknown; confirmAccountNumber?: unknown }, ctx: z.RefinementCtx): void {
  const { accountNumber, confirmAccountNumber } = fields;
  if (typeof accountNumber !== 'string' || accountNumberDigits(accountNumber) === '') return;
  if (typeof confirmAccountNumber !== 'string' || accountNumberDigits(confirmAccountNumber) === '') {
    ctx.addIssue({ code: 'custom', path: ['confirmAccountNumber'], message: ACCOUNT_NUMBER_CONFIRM_REQUIRED });
  } else if (accountNumberDigits(confirmAccountNumber) !== accountNumberDigits(accountNumber)) {
    ctx.addIssue({ code: 'custom', path: ['confirmAccountNumber'], message: ACCOUNT_NUMBERS_DIFFER });
  }
}

/** The parsed fields without the confirmation copy. */
export function withoutConfirmation<T extends { confirmAccountNumber?: unknown }>({ confirmAccountNumber: _copy, ...fields }: T): Omit<T, 'confirmAccountNumber'> {
  return fields;
}

/**
 * A payout field: optional in an update (absent = unchanged); an empty string or null clears it.
 * Each is checked in one string schema, so its own message reaches fieldErrors.
 */
function payoutField(normalise: (value: string) => string, isValid: (value: string) => boolean, message: string) {
  return z
    .string({ error: message })
    .refine(isSingleLineField, SINGLE_LINE_ISSUE)
    .transform(normalise)
    .refine((value) => value === '' || isValid(value), message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

const trimmed = (value: string) => value.trim().replace(/\s+/g, ' ');

/** A name written in one script: Latin letters, or Devanagari (with spaces, dots, hyphens, apostrophes). */
export const LATIN_NAME_PATTERN = /^[A-Za-z][A-Za-z .'-]*$/;
// A Devanagari name starts with a letter; then letters, vowel signs, virama, nukta and the like,
// zero-width (non-)joiners as some keyboards type them — not digits or the danda.
export const DEVANAGARI_NAME_PATTERN = /^[\u0904-\u0939\u0958-\u0961\u0972-\u097F](?:[\u0900-\u0963\u0971-\u097F .'-]|\u200C|\u200D)*$/;
/** Which script a name is written in: Devanagari when it has any Devanagari letter. */
export function scriptOfName(name: string): 'devanagari' | 'latin' {
  return /[\u0900-\u097F]/.test(name) ? 'devanagari' : 'latin';
}
const lengthBetween = (min: number, max: number) => (value: string) => value.length >= min && value.length <= max;

/**
 * The profile form (PRODUCT.md §4, Personal Details). Every field is optional, so a client may send
 * only what it changes; what is sent is validated, and a bad field is a field error. A new account
 * number comes with `confirmAccountNumber`; the IFSC's place in the published list is checked by
 * the server (updateProfile).
 */
const ZProfileFieldsSchema = z.strictObject({
  phone: ZIndianMobileSchema.optional(),
  address: requiredText('Address', 3, 300, undefined, { isMultiline: true }).optional(),
  city: requiredText('City', 2, 100).optional(),
  /** From the list, as at registration (issue 16); a state saved before the list must be chosen again to save. */
  state: indianStateField('State is required').optional(),
  pinCode: ZPinCodeSchema.optional(),
  upiId: payoutField((value) => value.trim().toLowerCase(), (value) => UPI_ID_PATTERN.test(value), 'Enter a UPI ID like name@bank'),
  bankName: payoutField(trimmed, lengthBetween(2, 100), 'Bank name must be 2 to 100 characters'),
  accountHolder: payoutField(trimmed, lengthBetween(2, 100), 'Account holder name must be 2 to 100 characters'),
  accountNumber: payoutField(accountNumberDigits, (value) => ACCOUNT_NUMBER_PATTERN.test(value), 'Account number must be 9 to 18 digits'),
  /** Required with a new account number; never stored. */
  confirmAccountNumber: ZConfirmAccountNumberSchema,
  ifsc: payoutField((value) => value.trim().toUpperCase(), (value) => IFSC_PATTERN.test(value), 'Enter an 11-character IFSC like SBIN0001234'),
  /** For the I-card; the server also checks it is in the other script from the registered name. */
  otherScriptName: payoutField(
    trimmed,
    (value) => lengthBetween(2, 100)(value) && (LATIN_NAME_PATTERN.test(value) || DEVANAGARI_NAME_PATTERN.test(value)),
    'Write the name in one script, Latin or Devanagari, 2 to 100 characters',
  ),
});

export const ZUpdateProfileRequestSchema = ZProfileFieldsSchema.superRefine(checkAccountNumberTypedTwice).transform(withoutConfirmation);

/**
 * PUT /api/users/profile/:id (PRODUCT.md §12): the same fields and rules, except that the account
 * number typed a second time, added after the original site's payload, may be left out; given, it
 * must match (decision 044). The web form keeps asking for it.
 */
export const ZUpdateProfileRestRequestSchema = ZProfileFieldsSchema.superRefine((fields, ctx) => {
  if (fields.confirmAccountNumber === undefined || fields.confirmAccountNumber === null) return;
  checkAccountNumberTypedTwice(fields, ctx);
}).transform(withoutConfirmation);
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequestSchema>;

/** Own profile when absent; admins with the `members` permission may name any member. */
export const ZGetProfileRequestSchema = z.strictObject({ userId: ZUserIdSchema.optional() }).optional();
export type TGetProfileRequest = z.input<typeof ZGetProfileRequestSchema>;

/** The editable fields as saved: exactly the shape of the form, so it can prefill it. */
export const ZProfileDetailsSchema = z.object({
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  /** '' for accounts registered before the PIN code was asked, until they add it. */
  pinCode: z.string(),
  upiId: z.string().nullable(),
  bankName: z.string().nullable(),
  accountHolder: z.string().nullable(),
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  otherScriptName: z.string().nullable(),
});

export const QR_CODE_STATUSES = ['none', 'processing', 'ready', 'rejected'] as const;
export const ID_PHOTO_STATUSES = ['none', 'processing', 'ready', 'rejected'] as const;

export const ZProfileSchema = z.object({
  /** Account info, read-only. */
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  sponsorId: z.string().nullable(),
  /** null: the foundation is the sponsor ("Foundation"). */
  sponsorName: z.string().nullable(),
  isEmailVerified: z.boolean(),
  isActive: z.boolean(),
  details: ZProfileDetailsSchema,
  /**
   * The UPI QR image. `url` is the processed image shown now (null until one exists); `status` is the
   * latest upload's: 'processing' while the job re-encodes it, 'rejected' when it could not be used.
   */
  qrCode: z.object({ status: z.enum(QR_CODE_STATUSES), url: z.string().nullable() }),
  /**
   * The photo on the member's I-card (issue 16), as the QR image: `url` is the processed photo shown
   * now (null when there is none, or it was removed); `status` is the latest upload's.
   */
  idPhoto: z.object({ status: z.enum(ID_PHOTO_STATUSES), url: z.string().nullable() }),
});
export type TProfile = z.infer<typeof ZProfileSchema>;

/**
 * POST /api/users/upload-profile-assets/:id answers 202 with the upload's ID and where its image will
 * be once processed; the profile's qrCode.status then turns 'ready' (or 'rejected').
 */
export const ZUploadProfileAssetsResponseSchema = z.object({
  uploadId: z.uuid().describe('The upload: the {uploadId} of GET /api/users/profile-assets/{id}/qr-code/{uploadId}'),
  qrCode: z.string().describe("That image's path; it is served once GET /api/users/profile/{id} shows qrCode.status 'ready'"),
  status: z.literal('processing'),
});

/**
 * POST /api/users/profile-assets/:id/id-photo answers 202 with the upload's ID and where its photo
 * will be once processed; the profile's idPhoto.status then turns 'ready' (or 'rejected').
 */
export const ZUploadIdPhotoResponseSchema = z.object({
  uploadId: z.uuid().describe('The upload: the {uploadId} of GET /api/users/profile-assets/{id}/id-photo/{uploadId}'),
  idPhoto: z.string().describe("That photo's path; it is served once GET /api/users/profile/{id} shows idPhoto.status 'ready'"),
  status: z.literal('processing'),
});
export type TUploadIdPhotoResponse = z.infer<typeof ZUploadIdPhotoResponseSchema>;

/** Removing the I-card photo answers the profile's idPhoto as it is now: none. */
export const ZRemoveIdPhotoResponseSchema = z.object({ idPhoto: ZProfileSchema.shape.idPhoto });
export type TRemoveIdPhotoResponse = z.infer<typeof ZRemoveIdPhotoResponseSchema>;
