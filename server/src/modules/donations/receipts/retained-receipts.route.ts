import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { listRetainedReceipts } from './retained-receipts.ts';
import { ZRetainedReceiptsRequestSchema, ZRetainedReceiptsResponseSchema } from './retained-receipts.schema.ts';

/** donations.admin.retainedReceipts: finance only (issue 29). */
export const retainedReceiptsRoute = adminProcedure('finance')
  .input(ZRetainedReceiptsRequestSchema)
  .output(ZRetainedReceiptsResponseSchema)
  .query(({ ctx, input }) => listRetainedReceipts(ctx.services, input, metaOf(ctx)));
