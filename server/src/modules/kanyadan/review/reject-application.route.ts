import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { rejectApplication } from '../application-commands.ts';
import { ZDecisionResponseSchema, ZRejectApplicationRequestSchema } from '../kanyadan-routes.schema.ts';

export const rejectApplicationRoute = adminProcedure('verification')
  .input(ZRejectApplicationRequestSchema)
  .output(ZDecisionResponseSchema)
  .mutation(({ ctx, input }) => rejectApplication(ctx.services, input, metaOf(ctx)));
