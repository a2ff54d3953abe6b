import { adminProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { generateEpins } from './epins.ts';
import { ZEpinListResponseSchema, ZGenerateEpinsRequestSchema } from './epins.schema.ts';

export const generateEpinsRoute = adminProcedure('members')
  .input(ZGenerateEpinsRequestSchema)
  .output(ZEpinListResponseSchema)
  .mutation(async ({ ctx, input }) => ({
    epins: await generateEpins(ctx.services, ctx.user.userId, input.count, metaOf(ctx)),
  }));
