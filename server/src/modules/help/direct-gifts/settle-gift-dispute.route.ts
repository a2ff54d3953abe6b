import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZDecideDisputeSchema, ZDirectGiftStatusSchema } from './direct-gifts.schema.ts';
import { settleGiftDispute } from './direct-gifts.ts';

export const settleGiftDisputeRoute = adminProcedure('verification')
  .input(ZDecideDisputeSchema)
  .output(ZDirectGiftStatusSchema)
  .mutation(({ ctx, input }) => settleGiftDispute(ctx.services, input, metaOf(ctx)));
