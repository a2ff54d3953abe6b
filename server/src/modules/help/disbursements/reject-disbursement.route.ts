import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZDisbursementStatusSchema, ZRejectDisbursementSchema } from './disbursements.schema.ts';
import { rejectDisbursement } from './disbursements.ts';

export const rejectDisbursementRoute = adminProcedure('finance')
  .input(ZRejectDisbursementSchema)
  .output(ZDisbursementStatusSchema)
  .mutation(({ ctx, input }) => rejectDisbursement(ctx.services, input, metaOf(ctx)));
