import { trpc } from '#web/api/trpc.ts';

/** identity.resendConfirmation: the signed-in member asks for the confirmation e-mail again. */
export function useResendConfirmation() {
  return trpc.identity.resendConfirmation.useMutation();
}
