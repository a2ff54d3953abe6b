import { ownerProcedure } from '#server/trpc/procedures';
import { listTransfers } from './epin-transfers.ts';
import { ZEpinTransferHistorySchema, ZHeldEpinsRequestSchema } from './epins.schema.ts';
import { resolveOwner } from '../owner.ts';

export const getTransferHistoryRoute = ownerProcedure('members')
  .input(ZHeldEpinsRequestSchema.optional())
  .output(ZEpinTransferHistorySchema)
  .query(async ({ ctx, input }) => ({ transfers: await listTransfers(ctx.services.db, resolveOwner(ctx.user, input?.userId)) }));
