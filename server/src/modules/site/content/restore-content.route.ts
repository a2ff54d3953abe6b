import { adminProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { ZContentPageSchema, ZRestoreContentRequestSchema } from './content.schema.ts';
import { restoreContentVersion } from './content.ts';

export const restoreContentRoute = adminProcedure('content')
  .input(ZRestoreContentRequestSchema)
  .output(ZContentPageSchema)
  .mutation(({ ctx, input }) =>
    restoreContentVersion(ctx.services, input.slug, input.version, input.expectedVersion, metaOf(ctx)),
  );
