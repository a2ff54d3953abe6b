import { publicProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { requestPasswordReset } from './password-reset.ts';
import { ZPasswordMessageResponseSchema, ZRequestPasswordResetRequestSchema } from './password-reset.schema.ts';

export const requestPasswordResetRoute = publicProcedure
  .input(ZRequestPasswordResetRequestSchema)
  .output(ZPasswordMessageResponseSchema)
  .mutation(({ ctx, input }) => requestPasswordReset(ctx.services, input, metaOf(ctx)));
