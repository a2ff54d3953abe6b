import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { publishRequest } from './help-commands.ts';
import { ZHelpRequestIdRequestSchema, ZHelpStatusResponseSchema } from '../help.schema.ts';

export const publishHelpRequestRoute = adminProcedure('verification')
  .input(ZHelpRequestIdRequestSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => publishRequest(ctx.services, input, metaOf(ctx)));
