import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { recordFee } from '../application-commands.ts';
import { ZDecisionResponseSchema, ZRecordFeeRequestSchema } from '../kanyadan-routes.schema.ts';

export const recordFeeRoute = adminProcedure('finance')
  .input(ZRecordFeeRequestSchema)
  .output(ZDecisionResponseSchema)
  .mutation(({ ctx, input }) => recordFee(ctx.services, input, metaOf(ctx)));
