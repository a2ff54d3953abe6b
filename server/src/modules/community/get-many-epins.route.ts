import { adminProcedure } from '#server/trpc/procedures';
import { listAllEpins } from './epins.ts';
import { ZEpinListResponseSchema } from './epins.schema.ts';

export const getManyEpinsRoute = adminProcedure('members')
  .output(ZEpinListResponseSchema)
  .query(async ({ ctx }) => ({ epins: await listAllEpins(ctx.services.db) }));
