import { trpc } from '#web/api/trpc.ts';

/** identity.changePassword: proves the current password; other devices are signed out. */
export function useChangePassword() {
  return trpc.identity.changePassword.useMutation();
}
