import { trpc } from '#web/api/trpc.ts';

/** epins.getMany: every invite code with its status (admins with the `members` permission). */
export function useEpins(isEnabled: boolean) {
  return trpc.community.epins.getMany.useQuery(undefined, { enabled: isEnabled });
}
