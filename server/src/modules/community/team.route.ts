import { authedProcedure } from '#server/trpc/procedures';
import { resolveOwner } from './owner.ts';
import { getDirectJoinees, getLevelMembers, getTeamLevels, getTeamSummary } from './team.ts';
import {
  ZDirectJoineesSchema,
  ZLevelMembersRequestSchema,
  ZLevelMembersResponseSchema,
  ZTeamLevelsSchema,
  ZTeamOwnerSchema,
  ZTeamSummarySchema,
} from './team.schema.ts';

export const getTeamSummaryRoute = authedProcedure
  .input(ZTeamOwnerSchema.optional())
  .output(ZTeamSummarySchema)
  .query(({ ctx, input }) => getTeamSummary(ctx.services.db, resolveOwner(ctx.user, input?.userId)));

export const getDirectJoineesRoute = authedProcedure
  .input(ZTeamOwnerSchema.optional())
  .output(ZDirectJoineesSchema)
  .query(({ ctx, input }) => getDirectJoinees(ctx.services.db, resolveOwner(ctx.user, input?.userId)));

export const getTeamLevelsRoute = authedProcedure
  .input(ZTeamOwnerSchema.optional())
  .output(ZTeamLevelsSchema)
  .query(async ({ ctx, input }) => ({ levels: await getTeamLevels(ctx.services.db, resolveOwner(ctx.user, input?.userId)) }));

export const getLevelMembersRoute = authedProcedure
  .input(ZLevelMembersRequestSchema)
  .output(ZLevelMembersResponseSchema)
  .query(({ ctx, input }) => getLevelMembers(ctx.services.db, resolveOwner(ctx.user, input.userId), input.level, input.page));
