import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { listReplayChecks, requireReplayCheck, startReplayCheck } from './replay-checks.ts';
import { ZReplayCheckIdSchema, ZReplayCheckListSchema, ZReplayCheckSchema } from './replay-checks.schema.ts';

/** The settings admins, who look after the background jobs, start and watch the checks. */
export const startReplayCheckRoute = adminProcedure('settings')
  .output(ZReplayCheckSchema)
  .mutation(({ ctx }) => startReplayCheck(ctx.services, ctx.user, metaOf(ctx)));

export const getReplayCheckRoute = adminProcedure('settings')
  .input(ZReplayCheckIdSchema)
  .output(ZReplayCheckSchema)
  .query(({ ctx, input }) => requireReplayCheck(ctx.services.db, input.checkId));

export const listReplayChecksRoute = adminProcedure('settings')
  .output(ZReplayCheckListSchema)
  .query(async ({ ctx }) => ({ checks: await listReplayChecks(ctx.services.db) }));
