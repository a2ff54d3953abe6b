import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { payOnline } from './pay-online.ts';
import { ZPayOnlineRequestSchema, ZPayOnlineResponseSchema } from './pay-online.schema.ts';

/** Public: whoever has the reference and the contact given with it, as for the status (decision 081). */
export const payOnlineRoute = publicProcedure
  .input(ZPayOnlineRequestSchema)
  .output(ZPayOnlineResponseSchema)
  .mutation(({ ctx, input }) => payOnline(ctx.services, input, metaOf(ctx)));
