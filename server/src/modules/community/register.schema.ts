import { z } from 'zod';
import { requiredText, ZEmailSchema, ZEpinSchema, ZIndianMobileSchema, ZPasswordSchema, ZUserIdSchema } from '#server/modules/identity/fields.schema';

export const ZRegisterRequestSchema = z.strictObject({
  /** The sponsor's user ID; empty or absent means the foundation. */
  referralId: z.union([z.literal(''), ZUserIdSchema]).optional(),
  /** Shown read-only in the form; the server always uses the sponsor's recorded name. */
  sponsorName: z.string().max(200).optional(),
  fullName: requiredText('Full name', 2, 100),
  email: ZEmailSchema,
  phone: ZIndianMobileSchema,
  /** Required while the "invite only" setting is on (the default). */
  epin: z
    .union([z.literal(''), ZEpinSchema])
    .optional()
    .describe('The invite code (E-PIN): required while the "invite only" setting is on, which is the default'),
  password: ZPasswordSchema,
  address: requiredText('Address', 3, 300),
  city: requiredText('City', 2, 100),
  state: requiredText('State', 2, 100),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequestSchema>;

export const ZRegisterResponseSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponseSchema>;
