import { ownerProcedure } from '#server/trpc/procedures';
import { resolveOwner } from '../owner.ts';
import { getLevelMembers } from './team.ts';
import { ZLevelMembersRequestSchema, ZLevelMembersResponseSchema } from './team.schema.ts';

export const getLevelMembersRoute = ownerProcedure('members')
  .input(ZLevelMembersRequestSchema)
  .output(ZLevelMembersResponseSchema)
  .query(({ ctx, input }) => getLevelMembers(ctx.services.db, resolveOwner(ctx.user, input.userId), input.level, input.page));
