import { trpc } from '#web/api/trpc.ts';

/** admin.health.get: the System health page's alerts, asked again every 30 s. */
export function useSystemHealth() {
  return trpc.admin.health.get.useQuery(undefined, { refetchInterval: 30_000 });
}
