import type { TLoginRequest } from '@sahay/server/modules/identity/accounts/login.schema';
import type { ProcedureOutputs } from '#web/api/procedure-fetch.ts';
import { sessionChanged } from '#web/api/session-change.ts';
import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** identity.adminLogin: refuses non-admins with "Invalid Admin Credentials". */
export function useAdminLogin() {
  return useProcedureMutation<TLoginRequest, ProcedureOutputs['identity']['adminLogin']>('identity.adminLogin', { onSuccess: () => sessionChanged('admin') });
}
