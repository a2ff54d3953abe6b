import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { ZDirectGiftStatusSchema, ZGiftIdRequestSchema } from './direct-gifts.schema.ts';
import { disputeGift } from './direct-gifts.ts';

export const disputeGiftRoute = authedProcedure
  .input(ZGiftIdRequestSchema)
  .output(ZDirectGiftStatusSchema)
  .mutation(({ ctx, input }) => disputeGift(ctx.services, input, metaOf(ctx)));
