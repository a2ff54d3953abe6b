import { publicProcedure } from '#server/trpc/procedures';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { ZPasswordMessageResponseSchema, ZRequestPasswordResetRequestSchema, ZResetPasswordRequestSchema } from './password-reset.schema.ts';

export const requestPasswordResetRoute = publicProcedure
  .input(ZRequestPasswordResetRequestSchema)
  .output(ZPasswordMessageResponseSchema)
  .mutation(({ ctx, input }) => requestPasswordReset(ctx.services, input, { actor: 'anonymous', correlationId: ctx.requestId, ip: ctx.ip }));

export const resetPasswordRoute = publicProcedure
  .input(ZResetPasswordRequestSchema)
  .output(ZPasswordMessageResponseSchema)
  .mutation(({ ctx, input }) => resetPassword(ctx.services, input, { actor: 'anonymous', correlationId: ctx.requestId, ip: ctx.ip }));
