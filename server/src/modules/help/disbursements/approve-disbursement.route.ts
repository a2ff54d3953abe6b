import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZDisbursementIdRequestSchema, ZDisbursementStatusSchema } from './disbursements.schema.ts';
import { approveDisbursement } from './disbursements.ts';

export const approveDisbursementRoute = adminProcedure('finance')
  .input(ZDisbursementIdRequestSchema)
  .output(ZDisbursementStatusSchema)
  .mutation(({ ctx, input }) => approveDisbursement(ctx.services, input, metaOf(ctx)));
