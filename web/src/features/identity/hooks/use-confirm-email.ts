import { trpc } from '#web/api/trpc.ts';

/** identity.confirmEmail with the token from the e-mailed link; the member's status changes. */
export function useConfirmEmail() {
  const utils = trpc.useUtils();
  return trpc.identity.confirmEmail.useMutation({ onSuccess: () => utils.identity.me.invalidate() });
}
