import { ownerProcedure } from '#server/trpc/procedures';
import { listHeldEpins } from './epin-transfers.ts';
import { ZEpinListResponseSchema, ZHeldEpinsRequestSchema } from './epins.schema.ts';
import { resolveOwner } from '../owner.ts';

export const getHeldEpinsRoute = ownerProcedure('members')
  .input(ZHeldEpinsRequestSchema.optional())
  .output(ZEpinListResponseSchema)
  .query(async ({ ctx, input }) => ({ epins: await listHeldEpins(ctx.services.db, resolveOwner(ctx.user, input?.userId), ctx.services.now()) }));
