import { publicProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { ZConfirmEmailRequestSchema, ZConfirmEmailResponseSchema } from './confirm-email.schema.ts';
import { confirmEmail } from './email-confirmation.ts';

export const confirmEmailRoute = publicProcedure
  .input(ZConfirmEmailRequestSchema)
  .output(ZConfirmEmailResponseSchema)
  .mutation(({ ctx, input }) =>
    confirmEmail(ctx.services, input.token, metaOf(ctx)),
  );
