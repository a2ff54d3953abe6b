import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZVerifyDonationRequestSchema, ZVerifyDonationResponseSchema } from './verify-donation.schema.ts';
import { verifyDonation } from './verify-donation.ts';

export const verifyDonationRoute = adminProcedure('finance')
  .input(ZVerifyDonationRequestSchema)
  .output(ZVerifyDonationResponseSchema)
  .mutation(({ ctx, input }) =>
    verifyDonation(ctx.services, input, metaOf(ctx)),
  );
