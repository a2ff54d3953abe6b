import { trpc } from '#web/api/trpc.ts';

/** admin.getDashboard: the counts on the admin dashboard. */
export function useAdminDashboard(isEnabled: boolean) {
  return trpc.admin.getDashboard.useQuery(undefined, { enabled: isEnabled });
}
