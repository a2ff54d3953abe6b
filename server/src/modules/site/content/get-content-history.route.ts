import { adminProcedure } from '#server/trpc/procedures';
import { ZContentHistoryResponseSchema, ZGetContentRequestSchema } from './content.schema.ts';
import { getContentHistory } from './content.ts';

export const getContentHistoryRoute = adminProcedure('content')
  .input(ZGetContentRequestSchema)
  .output(ZContentHistoryResponseSchema)
  .query(async ({ ctx, input }) => ({ slug: input.slug, versions: await getContentHistory(ctx.services, input.slug) }));
