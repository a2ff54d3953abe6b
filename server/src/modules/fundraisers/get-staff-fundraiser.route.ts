import { adminProcedure } from '#server/trpc/procedures';
import { getStaffFundraiser } from './fundraiser-reads.ts';
import { ZFundraiserIdInputSchema, ZStaffFundraiserSchema } from './fundraisers.schema.ts';

export const getStaffFundraiserRoute = adminProcedure('verification')
  .input(ZFundraiserIdInputSchema)
  .output(ZStaffFundraiserSchema)
  .query(({ ctx, input }) => getStaffFundraiser(ctx.services.db, input.id));
