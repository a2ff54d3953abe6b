import { authedProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { changePassword } from './change-password.ts';
import { ZChangePasswordRequestSchema } from './change-password.schema.ts';
import { ZPasswordMessageResponseSchema } from './password-reset.schema.ts';

export const changePasswordRoute = authedProcedure
  .input(ZChangePasswordRequestSchema)
  .output(ZPasswordMessageResponseSchema)
  .mutation(({ ctx, input }) =>
    changePassword(ctx.services, { userId: ctx.user.userId, token: ctx.sessionToken }, input, metaOf(ctx)),
  );
