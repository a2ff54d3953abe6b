import { sessionChanged } from '#web/api/session-change.ts';
import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** identity.resetPassword: step 2. Every session of the account ends, so nothing cached may survive. */
export function useResetPassword() {
  return useProcedureMutation('identity.resetPassword', { onSuccess: () => sessionChanged(null) });
}
