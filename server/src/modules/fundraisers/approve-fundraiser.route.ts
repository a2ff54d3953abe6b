import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { approveFundraiser } from './fundraiser-commands.ts';
import { ZFundraiserIdInputSchema, ZFundraiserStatusResponseSchema } from './fundraisers.schema.ts';

export const approveFundraiserRoute = adminProcedure('verification')
  .input(ZFundraiserIdInputSchema)
  .output(ZFundraiserStatusResponseSchema)
  .mutation(({ ctx, input }) => approveFundraiser(ctx.services, input.id, metaOf(ctx)));
