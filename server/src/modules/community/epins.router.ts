import { router } from '#server/trpc/procedures';
import { getHeldEpinsRoute, getTransferHistoryRoute, transferEpinsRoute } from './epin-transfers.route.ts';
import { generateEpinsRoute, getManyEpinsRoute } from './epins.route.ts';

export const epinsRouter = router({
  generate: generateEpinsRoute,
  getMany: getManyEpinsRoute,
  getHeld: getHeldEpinsRoute,
  getTransferHistory: getTransferHistoryRoute,
  transfer: transferEpinsRoute,
});
