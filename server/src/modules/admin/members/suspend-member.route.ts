import { suspendMember } from '#server/modules/identity/identity.api';
import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZChangeMemberStatusRequestSchema, ZMemberEntrySchema } from './members.schema.ts';

export const suspendMemberRoute = adminProcedure('members')
  .input(ZChangeMemberStatusRequestSchema)
  .output(ZMemberEntrySchema)
  .mutation(({ ctx, input }) =>
    suspendMember(ctx.services, input.userId, input.reason, ctx.user, metaOf(ctx)),
  );
