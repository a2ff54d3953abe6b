import { z } from 'zod';
import { ZIndianMobileSchema, ZPasswordSchema, ZUserIdSchema } from '../fields.schema.ts';

/** Step 1 of "forgot password" (PRODUCT.md §4): the user ID and the phone on the account. */
export const ZRequestPasswordResetRequestSchema = z.strictObject({
  userId: ZUserIdSchema,
  phone: ZIndianMobileSchema,
});
export type TRequestPasswordResetRequest = z.input<typeof ZRequestPasswordResetRequestSchema>;

/** Step 2: the 6-digit code from the e-mail and the new password (the form checks the confirmation). */
export const ZResetPasswordRequestSchema = z.strictObject({
  userId: ZUserIdSchema,
  code: z
    .string({ error: 'Enter the 6-digit code from the e-mail' })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail')),
  newPassword: ZPasswordSchema,
});
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequestSchema>;

/** Both steps answer with a message to show; failures are errors with their own message. */
export const ZPasswordMessageResponseSchema = z.object({ message: z.string() });
export type TPasswordMessageResponse = z.infer<typeof ZPasswordMessageResponseSchema>;
