import { sessionChanged } from '#web/api/session-change.ts';
import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** identity.adminLogin: refuses non-admins with "Invalid Admin Credentials". */
export function useAdminLogin() {
  return useProcedureMutation('identity.adminLogin', { onSuccess: () => sessionChanged('admin') });
}
