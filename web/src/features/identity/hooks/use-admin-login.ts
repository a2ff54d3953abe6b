import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '#web/api/trpc.ts';

/** identity.adminLogin: refuses non-admins with "Invalid Admin Credentials". */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return trpc.identity.adminLogin.useMutation({ onSuccess: () => queryClient.removeQueries() });
}
