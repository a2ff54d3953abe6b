import { authedProcedure } from '#server/trpc/procedures';
import { lookUpIfsc } from './ifsc-list.ts';
import { ZIfscLookupSchema, ZLookUpIfscRequestSchema } from './look-up-ifsc.schema.ts';

/** The bank of an IFSC, for a payout form while the member types (the list stays on the server). */
export const lookUpIfscRoute = authedProcedure
  .input(ZLookUpIfscRequestSchema)
  .output(ZIfscLookupSchema)
  .query(({ ctx, input }) => lookUpIfsc(ctx.services, ctx.user.userId, input.ifsc));
