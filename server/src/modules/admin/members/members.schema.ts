import { z } from 'zod';
import { ZUserIdSchema } from '#server/modules/identity/fields.schema';
import { PERMISSIONS } from '#server/modules/identity/permissions.schema';

/** A staff account's permissions now, for the member page; null for a member's account. */
export const ZStaffPermissionsSchema = z.array(z.enum(PERMISSIONS)).nullable();

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

/** Admin lists come a page at a time, the newest first. */
export const ADMIN_LIST_PAGE_SIZE = 20;
export const ZCompanyDirectsRequestSchema = z.strictObject({
  page: z.number({ error: 'Pages start at 1' }).int('Pages start at 1').min(1, 'Pages start at 1').max(100_000, 'Pages start at 1').default(1),
});
export const ZMemberPageSchema = z.object({
  members: z.array(ZMemberEntrySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});

export const ZMemberIdSchema = z.strictObject({ userId: ZUserIdSchema });

export const ZMemberDetailSchema = z.object({
  member: ZMemberEntrySchema,
  sponsorName: z.string().nullable(),
  teamSize: z.number().int(),
  directJoinees: z.number().int(),
  /** Whether the account (an admin) signs in with an authenticator code. */
  twoFactor: z.boolean(),
  permissions: ZStaffPermissionsSchema,
  /** The photo on the member's I-card as shown now (an authorised route; null when there is none or the person was erased). */
  idPhotoUrl: z.string().nullable(),
  history: z.array(
    z.object({ version: z.number().int(), type: z.string(), actor: z.string(), recordedAt: z.string(), reason: z.string().nullable() }),
  ),
});

export const PERMISSIONS_REPEATED = 'Name each permission once.';

const ZPermissionsChangeFields = {
  permissions: z
    .array(z.enum(PERMISSIONS, { error: `A permission is one of: ${PERMISSIONS.join(', ')}.` }), { error: 'Give the permissions as a list.' })
    .max(PERMISSIONS.length)
    .refine((list) => new Set(list).size === list.length, PERMISSIONS_REPEATED),
  reason: z.string({ error: 'Give a reason' }).trim().min(3, 'Give a reason of at least 3 characters').max(500, 'At most 500 characters'),
};
/** PUT /api/admin/staff/{userId}/permissions: the full set the account is to hold (empty: none), and why. */
export const ZSetPermissionsRestRequestSchema = z.strictObject(ZPermissionsChangeFields);
export const ZSetPermissionsRequestSchema = z.strictObject({ userId: ZUserIdSchema, ...ZPermissionsChangeFields });
export const ZSetPermissionsResponseSchema = z.object({ userId: z.string(), permissions: z.array(z.enum(PERMISSIONS)) });

export const ZChangeMemberStatusRequestSchema = z.strictObject({
  userId: ZUserIdSchema,
  reason: z.string({ error: 'Give a reason' }).trim().min(3, 'Give a reason of at least 3 characters').max(500, 'At most 500 characters'),
});
