import { publicProcedure } from '#server/trpc/procedures';
import { ZCountersSchema } from './counters.schema.ts';
import { getCounters } from './counters.ts';

export const getCountersRoute = publicProcedure.output(ZCountersSchema).query(({ ctx }) => getCounters(ctx.services.db));
