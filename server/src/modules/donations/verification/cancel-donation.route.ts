import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZCancelDonationRequestSchema, ZCancelDonationResponseSchema } from './cancel-donation.schema.ts';
import { cancelDonation } from './cancel-donation.ts';

export const cancelDonationRoute = adminProcedure('finance')
  .input(ZCancelDonationRequestSchema)
  .output(ZCancelDonationResponseSchema)
  .mutation(({ ctx, input }) => cancelDonation(ctx.services, { reference: input.reference, reason: input.reason }, metaOf(ctx)));
