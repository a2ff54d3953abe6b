import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { revealBeneficiary } from './help-reads.ts';
import { ZHelpRequestIdRequestSchema, ZRevealHelpBeneficiarySchema } from '../help.schema.ts';

export const revealHelpBeneficiaryRoute = adminProcedure('verification')
  .input(ZHelpRequestIdRequestSchema)
  .output(ZRevealHelpBeneficiarySchema)
  .mutation(({ ctx, input }) => revealBeneficiary(ctx.services, input.id, metaOf(ctx)));
