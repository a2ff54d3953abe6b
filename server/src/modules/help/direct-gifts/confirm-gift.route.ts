import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { ZDirectGiftStatusSchema, ZGiftIdRequestSchema } from './direct-gifts.schema.ts';
import { confirmGift } from './direct-gifts.ts';

export const confirmGiftRoute = authedProcedure
  .input(ZGiftIdRequestSchema)
  .output(ZDirectGiftStatusSchema)
  .mutation(({ ctx, input }) => confirmGift(ctx.services, input, metaOf(ctx)));
