import { authedProcedure } from '#server/trpc/procedures';
import { metaOf } from '#server/trpc/context';
import { transferEpins } from './epin-transfers.ts';
import { ZTransferEpinsRequestSchema, ZTransferEpinsResponseSchema } from './epins.schema.ts';

/** Members pass on what they hold; admins (who hold what they generate) pass batches the same way. */
export const transferEpinsRoute = authedProcedure
  .input(ZTransferEpinsRequestSchema)
  .output(ZTransferEpinsResponseSchema)
  .mutation(({ ctx, input }) =>
    transferEpins(ctx.services, ctx.user.userId, input.toUserId, input.count, metaOf(ctx)),
  );
