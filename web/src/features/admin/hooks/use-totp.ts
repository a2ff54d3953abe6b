import { trpc } from '#web/api/trpc.ts';

/** identity.totp.*: the signed-in admin's own two-factor sign-in. */
export function useTotp() {
  const utils = trpc.useUtils();
  const setStatus = (status: { enabled: boolean; enabledAt: string | null }) => utils.identity.totp.status.setData(undefined, status);
  return {
    status: trpc.identity.totp.status.useQuery(undefined),
    begin: trpc.identity.totp.begin.useMutation(),
    // Turning it on may lift the console's gate for staff who had to set it up (identity.me says so).
    confirm: trpc.identity.totp.confirm.useMutation({ onSuccess: (status) => (setStatus(status), void utils.identity.me.invalidate()) }),
    disable: trpc.identity.totp.disable.useMutation({ onSuccess: setStatus }),
  };
}

/** admin.members.resetTotp: another admin lost the phone; the record and lists are asked again. */
export function useResetTotp() {
  const utils = trpc.useUtils();
  return trpc.admin.members.resetTotp.useMutation({ onSuccess: () => utils.admin.members.invalidate() });
}
