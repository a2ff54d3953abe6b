import { trpc } from '#web/api/trpc.ts';

/** admin.members.search: by user ID, name, phone or e-mail (at least 2 characters). */
export function useMemberSearch(query: string) {
  return trpc.admin.members.search.useQuery({ query }, { enabled: query.trim().length >= 2 });
}

/** admin.members.get: one member with sponsor, team size, direct joinees and the history of their record. */
export function useMemberDetail(userId: string) {
  return trpc.admin.members.get.useQuery({ userId });
}

/** admin.members.getCompanyDirects: members with no sponsor (the foundation is theirs), a page at a time, newest first. */
export function useCompanyDirects(page: number) {
  // The page shown stays on screen while the next one loads, so the pager does not jump.
  return trpc.admin.members.getCompanyDirects.useQuery({ page }, { placeholderData: (previous) => previous });
}

/** admin.members.suspend / reactivate with a reason; the member's detail and any lists are asked again. */
export function useChangeMemberStatus() {
  const utils = trpc.useUtils();
  const refresh = () => utils.admin.members.invalidate();
  return {
    suspend: trpc.admin.members.suspend.useMutation({ onSuccess: refresh }),
    reactivate: trpc.admin.members.reactivate.useMutation({ onSuccess: refresh }),
  };
}

/** admin.members.erase with a reason: the person's personal data is destroyed for good. */
export function useEraseMember() {
  const utils = trpc.useUtils();
  return trpc.admin.members.erase.useMutation({ onSuccess: () => utils.admin.members.invalidate() });
}

/** admin.members.eraseContact: a donor who never had an account, by e-mail or phone, with a reason (issue 29). */
export function useEraseContact() {
  const utils = trpc.useUtils();
  return trpc.admin.members.eraseContact.useMutation({ onSuccess: () => utils.admin.members.invalidate() });
}

/** admin.members.setPermissions: a staff account's full set of permissions, with a reason; the detail is asked again. */
export function useSetPermissions() {
  const utils = trpc.useUtils();
  return trpc.admin.members.setPermissions.useMutation({ onSuccess: () => utils.admin.members.invalidate() });
}
