import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZDecideDisputeSchema, ZDirectGiftStatusSchema } from './direct-gifts.schema.ts';
import { decideDispute } from './direct-gifts.ts';

export const decideGiftDisputeRoute = adminProcedure('verification')
  .input(ZDecideDisputeSchema)
  .output(ZDirectGiftStatusSchema)
  .mutation(({ ctx, input }) => decideDispute(ctx.services, input, metaOf(ctx)));
