import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { disburseBenefit } from '../application-commands.ts';
import { ZDecisionResponseSchema, ZDisburseRequestSchema } from '../kanyadan-routes.schema.ts';

export const disburseBenefitRoute = adminProcedure('finance')
  .input(ZDisburseRequestSchema)
  .output(ZDecisionResponseSchema)
  .mutation(({ ctx, input }) => disburseBenefit(ctx.services, input, metaOf(ctx)));
