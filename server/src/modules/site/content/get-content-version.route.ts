import { adminProcedure } from '#server/trpc/procedures';
import { ZContentPageSchema, ZGetContentVersionRequestSchema } from './content.schema.ts';
import { getContentVersion } from './content.ts';

export const getContentVersionRoute = adminProcedure('content')
  .input(ZGetContentVersionRequestSchema)
  .output(ZContentPageSchema)
  .query(({ ctx, input }) => getContentVersion(ctx.services, input.slug, input.version));
