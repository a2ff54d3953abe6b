import { trpc } from '#web/api/trpc.ts';

/** admin.getDashboard: the counts on the admin dashboard. */
export function useAdminDashboard(isEnabled: boolean) {
  return trpc.admin.getDashboard.useQuery(undefined, { enabled: isEnabled });
}

/** admin.getWebVitals: Core Web Vitals of real visits, the 75th percentile per page over 28 days. */
export function useWebVitals() {
  return trpc.admin.getWebVitals.useQuery(undefined);
}

/** How often the dashboard's queues are counted again (issue 15: "refresh every 10 s without a reload"). */
export const QUEUES_REFRESH_MS = 10_000;

/**
 * admin.getQueues, every 10 s while the page is open. The last answer stays on screen while the next
 * is fetched (no loading state after the first), so a refresh never moves what the admin is reading.
 */
export function useStaffQueues() {
  return trpc.admin.getQueues.useQuery(undefined, {
    refetchInterval: QUEUES_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: (previous) => previous,
  });
}

/**
 * admin.getCharts: the dashboard's charts, counted when the page opens. Not polled like the queues:
 * months and weeks move slowly, and a chart redrawn under a reader's eyes would only distract.
 */
export function useDashboardCharts() {
  return trpc.admin.getCharts.useQuery(undefined, { staleTime: 5 * 60_000 });
}
