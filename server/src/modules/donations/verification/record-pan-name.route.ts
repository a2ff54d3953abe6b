import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZRecordPanNameRequestSchema, ZRecordPanNameResponseSchema } from './record-pan-name.schema.ts';
import { recordPanName } from './record-pan-name.ts';

/** `donations.admin.recordPanName` (finance): the donor's name as on their PAN, for Form 10BD. */
export const recordPanNameRoute = adminProcedure('finance')
  .input(ZRecordPanNameRequestSchema)
  .output(ZRecordPanNameResponseSchema)
  .mutation(({ ctx, input }) => recordPanName(ctx.services, input, { userId: ctx.user.userId }, metaOf(ctx)));
