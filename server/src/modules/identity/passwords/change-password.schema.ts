import { z } from 'zod';
import { ZPasswordSchema } from '../fields.schema.ts';

export const ZChangePasswordRequestSchema = z.strictObject({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(128, 'Password is too long'),
  newPassword: ZPasswordSchema,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequestSchema>;
