import { authedProcedure, publicProcedure } from '#server/trpc/procedures';
import { ZConfirmEmailRequestSchema, ZConfirmEmailResponseSchema, ZResendConfirmationResponseSchema } from './confirm-email.schema.ts';
import { confirmEmail, requestConfirmationEmail } from './email-confirmation.ts';

export const confirmEmailRoute = publicProcedure
  .input(ZConfirmEmailRequestSchema)
  .output(ZConfirmEmailResponseSchema)
  .mutation(({ ctx, input }) =>
    confirmEmail(ctx.services, input.token, { actor: ctx.user?.userId ?? 'anonymous', correlationId: ctx.requestId, ip: ctx.ip }),
  );

export const resendConfirmationRoute = authedProcedure.output(ZResendConfirmationResponseSchema).mutation(async ({ ctx }) => {
  await requestConfirmationEmail(ctx.services, ctx.user.userId, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip });
  return { ok: true as const };
});
