import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { ZCreateDonationRequestSchema, ZCreateDonationResponseSchema } from './create-donation.schema.ts';
import { createDonation } from './create-donation.ts';

export const createDonationRoute = publicProcedure
  .input(ZCreateDonationRequestSchema)
  .output(ZCreateDonationResponseSchema)
  .mutation(({ ctx, input }) => createDonation(ctx.services, input, ctx.user, metaOf(ctx)));
