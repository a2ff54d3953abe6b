import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '#web/api/trpc.ts';

/** identity.login. A new person is signed in, so nothing cached for the previous one may survive. */
export function useLogin() {
  const queryClient = useQueryClient();
  return trpc.identity.login.useMutation({ onSuccess: () => queryClient.removeQueries() });
}
