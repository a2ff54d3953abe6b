import { authedProcedure } from '#server/trpc/procedures';
import { getProfile, updateProfile } from './profile.ts';
import { ZGetProfileRequestSchema, ZProfileSchema, ZUpdateProfileRequestSchema } from './profile.schema.ts';

export const getProfileRoute = authedProcedure
  .input(ZGetProfileRequestSchema)
  .output(ZProfileSchema)
  .query(({ ctx, input }) => getProfile(ctx.services.db, ctx.user, input?.userId ?? ctx.user.userId));

export const updateProfileRoute = authedProcedure
  .input(ZUpdateProfileRequestSchema)
  .output(ZProfileSchema)
  .mutation(({ ctx, input }) => updateProfile(ctx.services, ctx.user, input, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }));
