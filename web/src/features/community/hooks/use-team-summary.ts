import { trpc } from '#web/api/trpc.ts';

/** team.getSummary: the signed-in member's impact cards (giving, funds raised, joinees, team size, tier). */
export function useTeamSummary() {
  return trpc.community.team.getSummary.useQuery(undefined);
}
