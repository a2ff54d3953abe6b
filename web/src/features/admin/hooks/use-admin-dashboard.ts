import { trpc } from '#web/api/trpc.ts';

/** admin.getDashboard: the counts on the admin dashboard. */
export function useAdminDashboard(isEnabled: boolean) {
  return trpc.admin.getDashboard.useQuery(undefined, { enabled: isEnabled });
}

/** admin.getWebVitals: Core Web Vitals of real visits, the 75th percentile per page over 28 days. */
export function useWebVitals() {
  return trpc.admin.getWebVitals.useQuery(undefined);
}
