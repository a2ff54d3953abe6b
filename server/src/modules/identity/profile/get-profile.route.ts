import { ownerProcedure } from '#server/trpc/procedures';
import { getProfile } from './profile.ts';
import { ZGetProfileRequestSchema, ZProfileSchema } from './profile.schema.ts';

export const getProfileRoute = ownerProcedure('members')
  .input(ZGetProfileRequestSchema)
  .output(ZProfileSchema)
  .query(({ ctx, input }) => getProfile(ctx.services.db, ctx.user, input?.userId ?? ctx.user.userId));
