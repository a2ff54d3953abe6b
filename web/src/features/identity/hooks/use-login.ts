import { sessionChanged } from '#web/api/session-change.ts';
import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** identity.login. A new person is signed in, so nothing cached for the previous one may survive. */
export function useLogin() {
  return useProcedureMutation('identity.login', {
    onSuccess: (user) => sessionChanged(user.role === 'admin' ? 'admin' : 'member'),
  });
}
