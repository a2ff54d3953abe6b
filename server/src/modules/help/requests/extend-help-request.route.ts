import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { extendRequest } from './help-commands.ts';
import { ZExtendHelpRequestSchema, ZHelpStatusResponseSchema } from '../help.schema.ts';

export const extendHelpRequestRoute = adminProcedure('verification')
  .input(ZExtendHelpRequestSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => extendRequest(ctx.services, input, metaOf(ctx)));
