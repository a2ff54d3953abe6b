import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZRecordDonorIdRequestSchema, ZRecordDonorIdResponseSchema } from './record-donor-id.schema.ts';
import { recordDonorId } from './record-donor-id.ts';

/** `donations.admin.recordDonorId` (finance): a donor's Aadhaar or other ID, for Form 10BD. */
export const recordDonorIdRoute = adminProcedure('finance')
  .input(ZRecordDonorIdRequestSchema)
  .output(ZRecordDonorIdResponseSchema)
  .mutation(({ ctx, input }) => recordDonorId(ctx.services, input, { userId: ctx.user.userId }, metaOf(ctx)));
