import { adminProcedure } from '#server/trpc/procedures';
import { listQueue } from './help-reads.ts';
import { ZHelpQueueQuerySchema, ZHelpQueueSchema } from '../help.schema.ts';

export const getHelpQueueRoute = adminProcedure('verification')
  .input(ZHelpQueueQuerySchema)
  .output(ZHelpQueueSchema)
  .query(({ ctx, input }) => listQueue(ctx.services, input));
