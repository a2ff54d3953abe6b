import { adminProcedure } from '#server/trpc/procedures';
import { getDonationDetail } from '../donation-reads.ts';
import { ZGetDonationRequestSchema, ZGetDonationResponseSchema } from './get-donation.schema.ts';

export const getDonationRoute = adminProcedure('finance')
  .input(ZGetDonationRequestSchema)
  .output(ZGetDonationResponseSchema)
  .query(({ ctx, input }) => getDonationDetail(ctx.services, input.reference));
