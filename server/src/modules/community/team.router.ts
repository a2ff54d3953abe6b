import { router } from '#server/trpc/procedures';
import { getDirectJoineesRoute, getLevelMembersRoute, getTeamLevelsRoute, getTeamSummaryRoute } from './team.route.ts';

export const teamRouter = router({
  getSummary: getTeamSummaryRoute,
  getDirect: getDirectJoineesRoute,
  getLevels: getTeamLevelsRoute,
  getLevelMembers: getLevelMembersRoute,
});
