import { trpc } from '#web/api/trpc.ts';

/** epins.getHeld: the invite codes the signed-in person holds or held, unused first. */
export function useHeldEpins() {
  return trpc.community.epins.getHeld.useQuery(undefined);
}
