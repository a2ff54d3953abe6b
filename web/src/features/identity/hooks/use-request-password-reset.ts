import type { TPasswordMessageResponse, TRequestPasswordResetRequest } from '@sahay/server/modules/identity/passwords/password-reset.schema';
import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** identity.requestPasswordReset: step 1 of "forgot password" (a public page: no React Query). */
export function useRequestPasswordReset() {
  return useProcedureMutation<TRequestPasswordResetRequest, TPasswordMessageResponse>('identity.requestPasswordReset');
}
