import { sessionChanged } from '#web/api/session-change.ts';
import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** community.register; it also signs the new member in. */
export function useRegister() {
  return useProcedureMutation('community.register', {
    onSuccess: () => sessionChanged('member'),
  });
}
