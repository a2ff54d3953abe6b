import { router } from '#server/trpc/procedures';
import { generateEpinsRoute } from './generate-epins.route.ts';
import { getDirectJoineesRoute } from './get-direct-joinees.route.ts';
import { getHeldEpinsRoute } from './get-held-epins.route.ts';
import { getIdCardRoute } from './get-id-card.route.ts';
import { getLevelMembersRoute } from './get-level-members.route.ts';
import { getManyEpinsRoute } from './get-many-epins.route.ts';
import { getTeamLevelsRoute } from './get-team-levels.route.ts';
import { getTeamSummaryRoute } from './get-team-summary.route.ts';
import { getTransferHistoryRoute } from './get-transfer-history.route.ts';
import { registerRoute } from './register.route.ts';
import { shareEpinRoute } from './share-epin.route.ts';
import { transferEpinsRoute } from './transfer-epins.route.ts';
import { verifyCardRoute } from './verify-card.route.ts';

export const communityRouter = router({
  register: registerRoute,
  getIdCard: getIdCardRoute,
  verifyCard: verifyCardRoute,
  epins: router({
    generate: generateEpinsRoute,
    getMany: getManyEpinsRoute,
    getHeld: getHeldEpinsRoute,
    getTransferHistory: getTransferHistoryRoute,
    transfer: transferEpinsRoute,
    share: shareEpinRoute,
  }),
  team: router({
    getSummary: getTeamSummaryRoute,
    getDirect: getDirectJoineesRoute,
    getLevels: getTeamLevelsRoute,
    getLevelMembers: getLevelMembersRoute,
  }),
});
