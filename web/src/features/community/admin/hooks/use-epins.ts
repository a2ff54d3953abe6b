import { trpc } from '#web/api/trpc.ts';

/** epins.getMany: every invite code with its status (admins with the `members` permission), a page at a time, newest first. */
export function useEpins(page: number) {
  return trpc.community.epins.getMany.useQuery({ page }, { placeholderData: (previous) => previous });
}
