import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '#web/api/trpc.ts';

/** identity.register; it also signs the new member in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return trpc.identity.register.useMutation({ onSuccess: () => queryClient.removeQueries() });
}
