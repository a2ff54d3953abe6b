import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { ZDisbursementCreatedSchema, ZRequestDisbursementSchema } from './disbursements.schema.ts';
import { requestDisbursement } from './disbursements.ts';

export const requestDisbursementRoute = authedProcedure
  .input(ZRequestDisbursementSchema)
  .output(ZDisbursementCreatedSchema)
  .mutation(({ ctx, input }) => requestDisbursement(ctx.services, input, metaOf(ctx)));
