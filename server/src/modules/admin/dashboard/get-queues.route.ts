import { adminProcedure } from '#server/trpc/procedures';
import { listQueues } from './queues.ts';
import { ZQueuesResponseSchema } from './queues.schema.ts';

/** Any admin: each sees only the queues their permissions let them work (none for an admin holding none). */
export const getQueuesRoute = adminProcedure(null)
  .output(ZQueuesResponseSchema)
  .query(({ ctx }) => listQueues(ctx.services, ctx.user));
