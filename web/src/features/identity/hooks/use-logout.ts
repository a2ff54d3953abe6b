import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '#web/api/trpc.ts';

/** identity.logout, then forget everything cached for the person. */
export function useLogout() {
  const queryClient = useQueryClient();
  return trpc.identity.logout.useMutation({ onSuccess: () => queryClient.removeQueries() });
}
