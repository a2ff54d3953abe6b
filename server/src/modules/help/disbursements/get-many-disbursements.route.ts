import { adminProcedure } from '#server/trpc/procedures';
import { ZDisbursementQueueQuerySchema, ZDisbursementQueueSchema } from './disbursements.schema.ts';
import { listDisbursements } from './disbursements.ts';

export const getManyDisbursementsRoute = adminProcedure('finance')
  .input(ZDisbursementQueueQuerySchema)
  .output(ZDisbursementQueueSchema)
  .query(({ ctx, input }) => listDisbursements(ctx.services, input));
