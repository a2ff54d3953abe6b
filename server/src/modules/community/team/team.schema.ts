import { z } from 'zod';
import { ZUserIdSchema } from '#server/modules/identity/fields.schema';

export const TEAM_PAGE_SIZE = 50;

/** GET /api/users/downline-levels/:id?level=&page=: the level whose members to list, a page at a time. */
export const ZLevelQuerySchema = z.strictObject({
  level: z.coerce.number().int().min(1, 'Levels go from 1 to 20').max(20, 'Levels go from 1 to 20').optional(),
  page: z.coerce.number().int().min(1, 'Pages start at 1').max(100_000).default(1),
});

/** Whose team: the signed-in member's own when absent; admins with `members` may name anyone. */
export const ZTeamOwnerSchema = z.strictObject({ userId: ZUserIdSchema.optional() });

export const ZTeamSummarySchema = z.object({
  userId: z.string(),
  directJoinees: z.number().int(),
  /** Members within the 20 levels of the team tree. */
  teamSize: z.number().int(),
  verifiedGivingPaise: z.number().int(),
  fundsRaisedPaise: z.number().int(),
  tier: z.enum(['star', 'silver', 'gold', 'diamond', 'doubleDiamond']).nullable(),
});
export type TTeamSummary = z.infer<typeof ZTeamSummarySchema>;

export const ZTeamMemberSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  joinedAt: z.string(),
  isActive: z.boolean(),
  sponsorId: z.string().nullable(),
  sponsorName: z.string().nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;

export const ZDirectJoineesSchema = z.object({ active: z.array(ZTeamMemberSchema), nonActive: z.array(ZTeamMemberSchema) });

export const ZTeamLevelsSchema = z.object({ levels: z.array(z.object({ level: z.number().int(), count: z.number().int() })) });

export const ZLevelMembersRequestSchema = ZTeamOwnerSchema.extend({
  level: z.number({ error: 'Level must be a number' }).int().min(1, 'Levels go from 1 to 20').max(20, 'Levels go from 1 to 20'),
  page: z.number().int().min(1, 'Pages start at 1').max(100_000).default(1),
});
export const ZLevelMembersResponseSchema = z.object({
  level: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  count: z.number().int(),
  members: z.array(ZTeamMemberSchema),
});
