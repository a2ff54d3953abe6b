import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { ZDisbursementsOfRequestSchema } from './disbursements.schema.ts';
import { getDisbursementsOfRequest } from './disbursements.ts';
import { ZHelpRequestIdRequestSchema } from '../help.schema.ts';

export const getDisbursementsRoute = authedProcedure
  .input(ZHelpRequestIdRequestSchema)
  .output(ZDisbursementsOfRequestSchema)
  .query(({ ctx, input }) => getDisbursementsOfRequest(ctx.services, input.id, metaOf(ctx)));
