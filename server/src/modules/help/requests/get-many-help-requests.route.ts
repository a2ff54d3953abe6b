import { publicProcedure } from '#server/trpc/procedures';
import { listPublicRequests } from './help-reads.ts';
import { ZHelpListQuerySchema, ZHelpListSchema } from '../help.schema.ts';

export const getManyHelpRequestsRoute = publicProcedure
  .input(ZHelpListQuerySchema)
  .output(ZHelpListSchema)
  .query(({ ctx, input }) => listPublicRequests(ctx.services, input));
