import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '#web/api/trpc.ts';

/** team.getLevelMembers: one page (50) of the members at a level; the page shown stays while the next loads. */
export function useLevelMembers(level: number, page: number) {
  return trpc.community.team.getLevelMembers.useQuery({ level, page }, { placeholderData: keepPreviousData });
}
