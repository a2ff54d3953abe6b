import { adminProcedure } from '#server/trpc/procedures';
import { pageAllEpins } from './epins.ts';
import { EPIN_PAGE_SIZE, ZEpinPageSchema, ZGetManyEpinsRequestSchema } from './epins.schema.ts';

export const getManyEpinsRoute = adminProcedure('members')
  .input(ZGetManyEpinsRequestSchema.optional())
  .output(ZEpinPageSchema)
  .query(async ({ ctx, input }) => {
    const page = input?.page ?? 1;
    const { epins, total } = await pageAllEpins(ctx.services.db, page, EPIN_PAGE_SIZE, ctx.services.now());
    return { epins, page, pageCount: Math.max(1, Math.ceil(total / EPIN_PAGE_SIZE)), total };
  });
