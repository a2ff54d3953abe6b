import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { verifyApplication } from '../application-commands.ts';
import { ZDecisionResponseSchema, ZRegNoRequestSchema } from '../kanyadan-routes.schema.ts';

export const verifyApplicationRoute = adminProcedure('verification')
  .input(ZRegNoRequestSchema)
  .output(ZDecisionResponseSchema)
  .mutation(({ ctx, input }) => verifyApplication(ctx.services, input, metaOf(ctx)));
