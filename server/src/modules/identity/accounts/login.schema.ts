import { z } from 'zod';
import { ZEmailSchema, ZUserIdOrPhoneSchema } from '../fields.schema.ts';

/** Log in by user ID (or the registered mobile number, in the same field) or by e-mail (one of them), with the password. */
export const ZLoginRequestSchema = z
  .strictObject({
    userId: ZUserIdOrPhoneSchema.optional(),
    email: ZEmailSchema.optional(),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password is too long'),
    /** An admin's authenticator code, once two-factor sign-in is on for the account. */
    totpCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine((value) => Boolean(value.userId) !== Boolean(value.email), {
    message: 'Enter your user ID or your e-mail',
    path: ['userId'],
  });
export type TLoginRequest = z.input<typeof ZLoginRequestSchema>;

export const ZSessionUserSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  role: z.enum(['member', 'admin']),
  permissions: z.array(z.string()),
  /** Staff holding finance or verification who have not set up two-factor sign-in: they may only set it up. */
  twoFactorSetupRequired: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUserSchema>;

export const ZLoginResponseSchema = ZSessionUserSchema.extend({
  /** A bearer token for REST clients; the web client uses the cookie set alongside. */
  token: z.string(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;
