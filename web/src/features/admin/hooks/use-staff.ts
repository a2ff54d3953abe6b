import { sessionChanged } from '#web/api/session-change.ts';
import { trpc } from '#web/api/trpc.ts';

/** admin.staff.invitations: the invitations a super-admin made, newest first. */
export function useStaffInvitations(isEnabled: boolean) {
  return trpc.admin.staff.invitations.useQuery(undefined, { enabled: isEnabled });
}

/** admin.staff.invite: a new invitation shows in the list at once. */
export function useInviteStaff() {
  const utils = trpc.useUtils();
  return trpc.admin.staff.invite.useMutation({ onSuccess: () => utils.admin.staff.invitations.invalidate() });
}

/** admin.staff.withdrawInvitation: the list shows the invitation withdrawn at once. */
export function useWithdrawStaffInvitation() {
  const utils = trpc.useUtils();
  return trpc.admin.staff.withdrawInvitation.useMutation({ onSuccess: () => utils.admin.staff.invitations.invalidate() });
}

/**
 * identity.staffInvitation.get: what the link grants; not retried, since a refusal is final. Off
 * once the invitation is used here (the sign-in empties the cache, and asking again would only be
 * told it is used).
 */
export function useStaffInvitation(token: string, isEnabled: boolean) {
  return trpc.identity.staffInvitation.get.useQuery({ token }, { enabled: isEnabled && token !== '', retry: false });
}

/** identity.staffInvitation.accept: the new staff account is signed in on this browser. */
export function useAcceptStaffInvitation() {
  const utils = trpc.useUtils();
  return trpc.identity.staffInvitation.accept.useMutation({
    onSuccess: () => {
      sessionChanged('admin');
      void utils.identity.me.invalidate();
    },
  });
}
