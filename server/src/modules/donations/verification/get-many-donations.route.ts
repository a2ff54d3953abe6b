import { adminProcedure } from '#server/trpc/procedures';
import { listDonations } from '../donation-reads.ts';
import { ZGetManyDonationsRequestSchema, ZGetManyDonationsResponseSchema } from './get-many-donations.schema.ts';

export const getManyDonationsRoute = adminProcedure('finance')
  .input(ZGetManyDonationsRequestSchema)
  .output(ZGetManyDonationsResponseSchema)
  .query(({ ctx, input }) => listDonations(ctx.services.db, input));
