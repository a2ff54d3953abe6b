import { router } from '#server/trpc/procedures';
import { generateEpinsRoute, getManyEpinsRoute } from './epins.route.ts';

export const epinsRouter = router({
  generate: generateEpinsRoute,
  getMany: getManyEpinsRoute,
});
