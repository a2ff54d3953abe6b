import { z } from 'zod';
import { ZUserIdSchema } from '#server/modules/identity/fields.schema';

export const ZMemberEntrySchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  sponsorId: z.string().nullable(),
  status: z.enum(['active', 'suspended', 'erased']),
  isEmailVerified: z.boolean(),
  joinedAt: z.string(),
});

export const ZSearchMembersRequestSchema = z.strictObject({
  query: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'At most 100 characters'),
});
export const ZMemberListSchema = z.object({ members: z.array(ZMemberEntrySchema) });

export const ZMemberIdSchema = z.strictObject({ userId: ZUserIdSchema });

export const ZMemberDetailSchema = z.object({
  member: ZMemberEntrySchema,
  sponsorName: z.string().nullable(),
  teamSize: z.number().int(),
  directJoinees: z.number().int(),
  /** Whether the account (an admin) signs in with an authenticator code. */
  twoFactor: z.boolean(),
  history: z.array(
    z.object({ version: z.number().int(), type: z.string(), actor: z.string(), recordedAt: z.string(), reason: z.string().nullable() }),
  ),
});

export const ZChangeMemberStatusRequestSchema = z.strictObject({
  userId: ZUserIdSchema,
  reason: z.string({ error: 'Give a reason' }).trim().min(3, 'Give a reason of at least 3 characters').max(500, 'At most 500 characters'),
});
