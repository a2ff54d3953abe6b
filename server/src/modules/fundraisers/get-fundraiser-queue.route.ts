import { adminProcedure } from '#server/trpc/procedures';
import { listFundraiserQueue } from './fundraiser-reads.ts';
import { ZFundraiserQueueRequestSchema, ZFundraiserQueueSchema } from './fundraisers.schema.ts';

export const getFundraiserQueueRoute = adminProcedure('verification')
  .input(ZFundraiserQueueRequestSchema)
  .output(ZFundraiserQueueSchema)
  .query(async ({ ctx, input }) => ({ fundraisers: await listFundraiserQueue(ctx.services.db, input.status) }));
