import { authedProcedure } from '#server/trpc/procedures';
import { listHeldEpins, listTransfers, transferEpins } from './epin-transfers.ts';
import { ZEpinListResponseSchema, ZEpinTransferHistorySchema, ZHeldEpinsRequestSchema, ZTransferEpinsRequestSchema, ZTransferEpinsResponseSchema } from './epins.schema.ts';
import { resolveOwner } from './owner.ts';

export const getHeldEpinsRoute = authedProcedure
  .input(ZHeldEpinsRequestSchema.optional())
  .output(ZEpinListResponseSchema)
  .query(async ({ ctx, input }) => ({ epins: await listHeldEpins(ctx.services.db, resolveOwner(ctx.user, input?.userId)) }));

export const getTransferHistoryRoute = authedProcedure
  .input(ZHeldEpinsRequestSchema.optional())
  .output(ZEpinTransferHistorySchema)
  .query(async ({ ctx, input }) => ({ transfers: await listTransfers(ctx.services.db, resolveOwner(ctx.user, input?.userId)) }));

/** Members pass on what they hold; admins (who hold what they generate) pass batches the same way. */
export const transferEpinsRoute = authedProcedure
  .input(ZTransferEpinsRequestSchema)
  .output(ZTransferEpinsResponseSchema)
  .mutation(({ ctx, input }) =>
    transferEpins(ctx.services, ctx.user.userId, input.toUserId, input.count, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }),
  );
