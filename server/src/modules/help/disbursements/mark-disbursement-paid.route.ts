import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZDisbursementStatusSchema, ZMarkDisbursementPaidSchema } from './disbursements.schema.ts';
import { markDisbursementPaid } from './disbursements.ts';

export const markDisbursementPaidRoute = adminProcedure('finance')
  .input(ZMarkDisbursementPaidSchema)
  .output(ZDisbursementStatusSchema)
  .mutation(({ ctx, input }) => markDisbursementPaid(ctx.services, input, metaOf(ctx)));
