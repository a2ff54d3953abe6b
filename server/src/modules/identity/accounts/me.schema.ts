import { z } from 'zod';

export const ZMeResponseSchema = z
  .object({
    userId: z.string(),
    fullName: z.string(),
    role: z.enum(['member', 'admin']),
    permissions: z.array(z.string()),
    sponsorId: z.string().nullable(),
    /** "Foundation" is shown by the client when sponsorId is null. */
    sponsorName: z.string().nullable(),
    joinedAt: z.string(),
    isActive: z.boolean(),
    isEmailVerified: z.boolean(),
    /** Staff who must set up two-factor sign-in before anything else (the console sends them to do it). */
    twoFactorSetupRequired: z.boolean(),
  })
  .nullable();
export type TMeResponse = z.infer<typeof ZMeResponseSchema>;
