import { trpc } from '#web/api/trpc.ts';

/** The signed-in person, or null when signed out (identity.me). */
export function useMe() {
  return trpc.identity.me.useQuery(undefined, { staleTime: 60_000 });
}
