import { adminProcedure } from '#server/trpc/procedures';
import { listAccessLog } from './access-log.ts';
import { ZAccessLogRequestSchema, ZAccessLogSchema } from './access-log.schema.ts';

/** A members route (staff are managed there); reading it takes every permission (checked by listAccessLog). */
export const listAccessLogRoute = adminProcedure('members')
  .input(ZAccessLogRequestSchema)
  .output(ZAccessLogSchema)
  .query(({ ctx, input }) => listAccessLog(ctx.services, ctx.user, input));
