import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { closeFundraiser } from './fundraiser-commands.ts';
import { ZFundraiserIdInputSchema, ZFundraiserStatusResponseSchema } from './fundraisers.schema.ts';

export const closeFundraiserRoute = authedProcedure
  .input(ZFundraiserIdInputSchema)
  .output(ZFundraiserStatusResponseSchema)
  .mutation(({ ctx, input }) => closeFundraiser(ctx.services, input.id, metaOf(ctx)));
