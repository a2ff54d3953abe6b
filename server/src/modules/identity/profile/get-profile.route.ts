import { authedProcedure } from '#server/trpc/procedures';
import { getProfile } from './profile.ts';
import { ZGetProfileRequestSchema, ZProfileSchema } from './profile.schema.ts';

export const getProfileRoute = authedProcedure
  .input(ZGetProfileRequestSchema)
  .output(ZProfileSchema)
  .query(({ ctx, input }) => getProfile(ctx.services.db, ctx.user, input?.userId ?? ctx.user.userId));
