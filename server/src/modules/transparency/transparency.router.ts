import { router } from '#server/trpc/procedures';
import { getCountersRoute } from './get-counters.route.ts';
import { getTransparencyRoute } from './get-transparency.route.ts';

export const transparencyRouter = router({
  counters: router({ get: getCountersRoute }),
  report: router({ get: getTransparencyRoute }),
});
