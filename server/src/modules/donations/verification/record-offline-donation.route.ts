import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZRecordOfflineDonationRequestSchema, ZRecordOfflineDonationResponseSchema } from './record-offline-donation.schema.ts';
import { recordOfflineDonation } from './record-offline-donation.ts';

export const recordOfflineDonationRoute = adminProcedure('finance')
  .input(ZRecordOfflineDonationRequestSchema)
  .output(ZRecordOfflineDonationResponseSchema)
  .mutation(({ ctx, input }) => recordOfflineDonation(ctx.services, input, metaOf(ctx)));
