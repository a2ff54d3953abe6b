import { trpc } from '#web/api/trpc.ts';
import { sessionChanged } from '#web/api/session-change.ts';

/** identity.logout, then forget everything cached for the person, and show the navigation of nobody. */
export function useLogout() {
  return trpc.identity.logout.useMutation({ onSuccess: () => sessionChanged(null) });
}
