import type { ProcedureInputs, ProcedureOutputs } from '#web/api/procedure-fetch.ts';
import { sessionChanged } from '#web/api/session-change.ts';
import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** community.register; it also signs the new member in. */
export function useRegister() {
  return useProcedureMutation<ProcedureInputs['community']['register'], ProcedureOutputs['community']['register']>('community.register', {
    onSuccess: () => sessionChanged('member'),
  });
}
