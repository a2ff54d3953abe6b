import { publicProcedure } from '#server/trpc/procedures';
import { ZContentPageSchema, ZGetContentRequestSchema } from './content.schema.ts';
import { getContentPage } from './content.ts';

export const getContentRoute = publicProcedure
  .input(ZGetContentRequestSchema)
  .output(ZContentPageSchema)
  .query(({ ctx, input }) => getContentPage(ctx.services.db, input.slug));
