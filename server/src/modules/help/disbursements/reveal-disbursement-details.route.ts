import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZDisbursementDetailsSchema, ZDisbursementIdRequestSchema } from './disbursements.schema.ts';
import { revealDisbursementDetails } from './disbursements.ts';

export const revealDisbursementDetailsRoute = adminProcedure('finance')
  .input(ZDisbursementIdRequestSchema)
  .output(ZDisbursementDetailsSchema)
  .mutation(({ ctx, input }) => revealDisbursementDetails(ctx.services, input.disbursementId, metaOf(ctx)));
