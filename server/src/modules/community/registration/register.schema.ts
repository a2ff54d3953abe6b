import { z } from 'zod';
import {
  filledIn,
  indianStateField,
  requiredText,
  ZEmailSchema,
  ZEpinSchema,
  ZIndianMobileSchema,
  ZPasswordSchema,
  ZPinCodeSchema,
  ZUserIdSchema,
} from '#server/modules/identity/fields.schema';

/**
 * What an empty field says (issue 16): "Please enter …", not a length rule. The web form shows the
 * same messages before sending, from this schema.
 */
export const REGISTER_EMPTY = {
  fullName: 'Please enter your full name',
  email: 'Please enter your e-mail address',
  phone: 'Please enter your mobile number',
  epin: 'Please enter the invite code',
  password: 'Please enter a password',
  address: 'Please enter your address',
  city: 'Please enter your city or town',
  state: 'Please choose your state or union territory',
  pinCode: 'Please enter your PIN code',
} as const;

export const ZRegisterRequestSchema = z.strictObject({
  /** The sponsor's user ID; empty or absent means the foundation. */
  referralId: z.union([z.literal(''), ZUserIdSchema]).optional(),
  /** Shown read-only in the form; the server always uses the sponsor's recorded name. */
  sponsorName: z.string().max(200).optional(),
  fullName: requiredText('Full name', 2, 100, REGISTER_EMPTY.fullName),
  email: filledIn(REGISTER_EMPTY.email, ZEmailSchema),
  phone: filledIn(REGISTER_EMPTY.phone, ZIndianMobileSchema),
  /** Required while the "invite only" setting is on (the default). */
  epin: z
    .union([z.literal(''), ZEpinSchema])
    .optional()
    .describe('The invite code (E-PIN): required while the "invite only" setting is on, which is the default'),
  password: filledIn(REGISTER_EMPTY.password, ZPasswordSchema),
  // A text area: its lines are kept.
  address: requiredText('Address', 3, 300, REGISTER_EMPTY.address, { isMultiline: true }),
  city: requiredText('City', 2, 100, REGISTER_EMPTY.city),
  state: indianStateField(REGISTER_EMPTY.state),
  pinCode: filledIn(REGISTER_EMPTY.pinCode, ZPinCodeSchema),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequestSchema>;

/**
 * POST /api/users/register (PRODUCT.md §12): exactly the web form's rules, except that fields added
 * after the original site's payload (`pinCode`) may be left out; given, they are checked the same
 * way. The web form keeps requiring them (decision 044). A left-out PIN code is saved empty, as for
 * accounts registered before it was asked, and the member adds it on the profile page.
 */
export const ZRegisterRestRequestSchema = ZRegisterRequestSchema.extend({
  pinCode: ZPinCodeSchema.optional()
    .transform((value) => value ?? '')
    .describe('An Indian postal PIN code: 6 digits, the first not 0. Optional here (not in the original payload); checked when given'),
});

export const ZRegisterResponseSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponseSchema>;
