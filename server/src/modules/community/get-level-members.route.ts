import { authedProcedure } from '#server/trpc/procedures';
import { resolveOwner } from './owner.ts';
import { getLevelMembers } from './team.ts';
import { ZLevelMembersRequestSchema, ZLevelMembersResponseSchema } from './team.schema.ts';

export const getLevelMembersRoute = authedProcedure
  .input(ZLevelMembersRequestSchema)
  .output(ZLevelMembersResponseSchema)
  .query(({ ctx, input }) => getLevelMembers(ctx.services.db, resolveOwner(ctx.user, input.userId), input.level, input.page));
