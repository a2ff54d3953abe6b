import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { rejectRequest } from './help-commands.ts';
import { ZHelpStatusResponseSchema, ZRejectHelpRequestSchema } from '../help.schema.ts';

export const rejectHelpRequestRoute = adminProcedure('verification')
  .input(ZRejectHelpRequestSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => rejectRequest(ctx.services, input, metaOf(ctx)));
