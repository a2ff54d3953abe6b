import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { checkIdentity } from './help-commands.ts';
import { ZCheckHelpIdentityRequestSchema, ZHelpStatusResponseSchema } from '../help.schema.ts';

export const checkHelpIdentityRoute = adminProcedure('verification')
  .input(ZCheckHelpIdentityRequestSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => checkIdentity(ctx.services, input, metaOf(ctx)));
