import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { postUpdate } from './help-commands.ts';
import { ZHelpStatusResponseSchema, ZPostHelpUpdateSchema } from '../help.schema.ts';

export const postHelpUpdateRoute = authedProcedure
  .input(ZPostHelpUpdateSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => postUpdate(ctx.services, { ...input, by: 'requester' }, metaOf(ctx)));
