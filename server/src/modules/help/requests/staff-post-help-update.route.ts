import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { postUpdate } from './help-commands.ts';
import { ZHelpStatusResponseSchema, ZPostHelpUpdateSchema } from '../help.schema.ts';

export const staffPostHelpUpdateRoute = adminProcedure('verification')
  .input(ZPostHelpUpdateSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => postUpdate(ctx.services, { ...input, by: 'staff' }, metaOf(ctx)));
