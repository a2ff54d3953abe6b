import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { revealApplicant } from '../application-reads.ts';
import { ZApplicantDetailsSchema, ZRegNoRequestSchema } from '../kanyadan-routes.schema.ts';

export const revealApplicantRoute = adminProcedure('verification')
  .input(ZRegNoRequestSchema)
  .output(ZApplicantDetailsSchema)
  .mutation(({ ctx, input }) => revealApplicant(ctx.services, input.regNo, ctx.user, metaOf(ctx)));
