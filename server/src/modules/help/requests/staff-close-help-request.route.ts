import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { closeRequest } from './help-commands.ts';
import { ZCloseHelpRequestSchema, ZHelpStatusResponseSchema } from '../help.schema.ts';

export const staffCloseHelpRequestRoute = adminProcedure('verification')
  .input(ZCloseHelpRequestSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => closeRequest(ctx.services, { id: input.id, as: 'staff' }, metaOf(ctx)));
