import { useLocation } from 'wouter';
import { trpc } from '#web/api/trpc.ts';
import { sessionChanged } from '#web/api/session-change.ts';

/**
 * identity.logout, then the way out (`then`, a path as wouter's navigate takes it), then forget
 * everything cached for the person and show the navigation of nobody. The way out is taken first,
 * in the same update: a member page still shown when the session is forgotten would ask for its data
 * again and fail with 401 (issue 32).
 */
export function useLogout(then: string) {
  const [, navigate] = useLocation();
  return trpc.identity.logout.useMutation({
    onSuccess: () => {
      navigate(then, { replace: true });
      sessionChanged(null);
    },
  });
}
