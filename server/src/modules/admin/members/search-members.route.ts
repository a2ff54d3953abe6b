import { searchMembers } from '#server/modules/identity/identity.api';
import { adminProcedure } from '#server/trpc/procedures';
import { ZMemberListSchema, ZSearchMembersRequestSchema } from './members.schema.ts';

export const searchMembersRoute = adminProcedure('members')
  .input(ZSearchMembersRequestSchema)
  .output(ZMemberListSchema)
  .query(async ({ ctx, input }) => ({ members: await searchMembers(ctx.services, input.query) }));
