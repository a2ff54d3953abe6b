import { publicProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { resetPassword } from './password-reset.ts';
import { ZPasswordMessageResponseSchema, ZResetPasswordRequestSchema } from './password-reset.schema.ts';

export const resetPasswordRoute = publicProcedure
  .input(ZResetPasswordRequestSchema)
  .output(ZPasswordMessageResponseSchema)
  .mutation(({ ctx, input }) => resetPassword(ctx.services, input, metaOf(ctx)));
