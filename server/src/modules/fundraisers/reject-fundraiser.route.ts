import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { rejectFundraiser } from './fundraiser-commands.ts';
import { ZFundraiserStatusResponseSchema, ZRejectFundraiserRequestSchema } from './fundraisers.schema.ts';

export const rejectFundraiserRoute = adminProcedure('verification')
  .input(ZRejectFundraiserRequestSchema)
  .output(ZFundraiserStatusResponseSchema)
  .mutation(({ ctx, input }) => rejectFundraiser(ctx.services, input, metaOf(ctx)));
