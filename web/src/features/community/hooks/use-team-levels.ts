import { trpc } from '#web/api/trpc.ts';

/** team.getLevels: how many members the team has at each of its 20 levels. */
export function useTeamLevels() {
  return trpc.community.team.getLevels.useQuery(undefined);
}
