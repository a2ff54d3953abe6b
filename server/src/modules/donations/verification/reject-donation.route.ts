import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZRejectDonationRequestSchema, ZRejectDonationResponseSchema } from './reject-donation.schema.ts';
import { rejectDonation } from './reject-donation.ts';

export const rejectDonationRoute = adminProcedure('finance')
  .input(ZRejectDonationRequestSchema)
  .output(ZRejectDonationResponseSchema)
  .mutation(({ ctx, input }) => rejectDonation(ctx.services, { reference: input.reference, reason: input.reason }, metaOf(ctx)));
