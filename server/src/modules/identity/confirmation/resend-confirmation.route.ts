import { authedProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { requestConfirmationEmail } from './email-confirmation.ts';
import { ZResendConfirmationResponseSchema } from './resend-confirmation.schema.ts';

export const resendConfirmationRoute = authedProcedure.output(ZResendConfirmationResponseSchema).mutation(async ({ ctx }) => {
  await requestConfirmationEmail(ctx.services, ctx.user.userId, metaOf(ctx));
  return { ok: true as const };
});
