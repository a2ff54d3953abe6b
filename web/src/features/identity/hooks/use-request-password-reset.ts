import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** identity.requestPasswordReset: step 1 of "forgot password" (a public page: no React Query). */
export function useRequestPasswordReset() {
  return useProcedureMutation('identity.requestPasswordReset');
}
