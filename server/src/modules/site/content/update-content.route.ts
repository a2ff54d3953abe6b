import { adminProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { ZContentPageSchema, ZUpdateContentRequestSchema } from './content.schema.ts';
import { updateContentPage } from './content.ts';

export const updateContentRoute = adminProcedure('content')
  .input(ZUpdateContentRequestSchema)
  .output(ZContentPageSchema)
  .mutation(({ ctx, input }) =>
    updateContentPage(ctx.services, input.slug, input.expectedVersion, input.data, metaOf(ctx)),
  );
