import { authedProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { updateProfile } from './profile.ts';
import { ZProfileSchema, ZUpdateProfileRequestSchema } from './profile.schema.ts';

export const updateProfileRoute = authedProcedure
  .input(ZUpdateProfileRequestSchema)
  .output(ZProfileSchema)
  .mutation(({ ctx, input }) => updateProfile(ctx.services, ctx.user, input, metaOf(ctx)));
