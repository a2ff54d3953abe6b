import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { getApplicationStatus } from './application-reads.ts';
import { ZApplicationStatusSchema, ZGetApplicationStatusRequestSchema } from './kanyadan-routes.schema.ts';

export const getApplicationStatusRoute = publicProcedure
  .input(ZGetApplicationStatusRequestSchema)
  .output(ZApplicationStatusSchema)
  .query(({ ctx, input }) => getApplicationStatus(ctx.services, input, metaOf(ctx)));
