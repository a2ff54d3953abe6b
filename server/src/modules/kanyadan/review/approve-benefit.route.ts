import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { approveBenefit } from '../application-commands.ts';
import { ZApproveBenefitRequestSchema, ZDecisionResponseSchema } from '../kanyadan-routes.schema.ts';

export const approveBenefitRoute = adminProcedure('finance')
  .input(ZApproveBenefitRequestSchema)
  .output(ZDecisionResponseSchema)
  .mutation(({ ctx, input }) => approveBenefit(ctx.services, input, metaOf(ctx)));
