import { publicProcedure } from '#server/trpc/procedures';
import { getPublicFundraiser } from './fundraiser-reads.ts';
import { ZFundraiserIdInputSchema, ZPublicFundraiserSchema } from './fundraisers.schema.ts';

export const getFundraiserRoute = publicProcedure
  .input(ZFundraiserIdInputSchema)
  .output(ZPublicFundraiserSchema)
  .query(({ ctx, input }) => getPublicFundraiser(ctx.services, input.id));
