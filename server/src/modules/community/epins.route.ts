import { adminProcedure } from '#server/trpc/procedures';
import { generateEpins, listAllEpins } from './epins.ts';
import { ZEpinListResponseSchema, ZGenerateEpinsRequestSchema } from './epins.schema.ts';

export const generateEpinsRoute = adminProcedure('members')
  .input(ZGenerateEpinsRequestSchema)
  .output(ZEpinListResponseSchema)
  .mutation(async ({ ctx, input }) => ({
    epins: await generateEpins(ctx.services, ctx.user.userId, input.count, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }),
  }));

export const getManyEpinsRoute = adminProcedure('members')
  .output(ZEpinListResponseSchema)
  .query(async ({ ctx }) => ({ epins: await listAllEpins(ctx.services.db) }));
