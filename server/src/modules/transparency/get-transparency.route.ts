import { publicProcedure } from '#server/trpc/procedures';
import { getPublicSiteData, getPublicTransparency } from './public-data.ts';
import { ZTransparencyQuerySchema, ZTransparencySchema } from './transparency.schema.ts';

/** transparency.report.get: a page of /transparency, for a visitor who reached it without a server render. */
export const getTransparencyRoute = publicProcedure
  .input(ZTransparencyQuerySchema)
  .output(ZTransparencySchema)
  .query(async ({ ctx, input }) => getPublicTransparency(ctx.services, await getPublicSiteData(ctx.services), input));
