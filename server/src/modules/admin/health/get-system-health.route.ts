import { adminProcedure } from '#server/trpc/procedures';
import { getSystemHealth } from './system-health.ts';
import { ZSystemHealthResponseSchema } from './system-health.schema.ts';

/** The System health page's alerts (admins holding `settings`, as the failed jobs). */
export const getSystemHealthRoute = adminProcedure('settings')
  .output(ZSystemHealthResponseSchema)
  .query(({ ctx }) => getSystemHealth(ctx.services));
