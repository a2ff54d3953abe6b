import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { closeRequest } from './help-commands.ts';
import { ZCloseHelpRequestSchema, ZHelpStatusResponseSchema } from '../help.schema.ts';

export const closeHelpRequestRoute = authedProcedure
  .input(ZCloseHelpRequestSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => closeRequest(ctx.services, { id: input.id, as: 'requester' }, metaOf(ctx)));
