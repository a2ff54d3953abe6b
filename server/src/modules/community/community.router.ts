import { router } from '#server/trpc/procedures';
import { generateEpinsRoute } from './epins/generate-epins.route.ts';
import { getDirectJoineesRoute } from './team/get-direct-joinees.route.ts';
import { getHeldEpinsRoute } from './epins/get-held-epins.route.ts';
import { getIdCardRoute } from './id-card/get-id-card.route.ts';
import { getLevelMembersRoute } from './team/get-level-members.route.ts';
import { getManyEpinsRoute } from './epins/get-many-epins.route.ts';
import { getTeamLevelsRoute } from './team/get-team-levels.route.ts';
import { getTeamSummaryRoute } from './team/get-team-summary.route.ts';
import { getTransferHistoryRoute } from './epins/get-transfer-history.route.ts';
import { registerRoute } from './registration/register.route.ts';
import { shareEpinRoute } from './epins/share-epin.route.ts';
import { transferEpinsRoute } from './epins/transfer-epins.route.ts';
import { verifyCardRoute } from './id-card/verify-card.route.ts';

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
