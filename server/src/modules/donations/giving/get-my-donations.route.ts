import { authedProcedure } from '#server/trpc/procedures';
import { listMyDonations } from '../donation-reads.ts';
import { ZGetMyDonationsResponseSchema } from './get-my-donations.schema.ts';

export const getMyDonationsRoute = authedProcedure.output(ZGetMyDonationsResponseSchema).query(({ ctx }) => listMyDonations(ctx.services.db, ctx.user.userId));
