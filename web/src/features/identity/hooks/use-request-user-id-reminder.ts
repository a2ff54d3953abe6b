import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** identity.requestUserIdReminder: "Forgot user ID?" (a public page: no React Query). */
export function useRequestUserIdReminder() {
  return useProcedureMutation('identity.requestUserIdReminder');
}
