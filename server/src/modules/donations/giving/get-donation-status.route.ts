import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { getDonationStatus } from '../donation-reads.ts';
import { ZGetDonationStatusRequestSchema, ZGetDonationStatusResponseSchema } from './get-donation-status.schema.ts';

export const getDonationStatusRoute = publicProcedure
  .input(ZGetDonationStatusRequestSchema)
  .output(ZGetDonationStatusResponseSchema)
  .query(({ ctx, input }) => getDonationStatus(ctx.services, { reference: input.reference, contact: input.contact }, metaOf(ctx)));
