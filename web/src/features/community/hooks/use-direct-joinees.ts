import { trpc } from '#web/api/trpc.ts';

/** team.getDirect: the people who joined through the member's link, active and non-active. */
export function useDirectJoinees() {
  return trpc.community.team.getDirect.useQuery(undefined);
}
