import { trpc } from '#web/api/trpc.ts';

/** admin.jobs.getFailed: jobs that gave up, refreshed every 10 s so a retried one leaves the list when it succeeds. */
export function useFailedJobs() {
  return trpc.admin.jobs.getFailed.useQuery(undefined, { refetchInterval: 10_000 });
}

/** admin.jobs.retry, then the list is asked again (the job is marked as being retried, or already gone). */
export function useRetryJob() {
  const utils = trpc.useUtils();
  return trpc.admin.jobs.retry.useMutation({ onSettled: () => void utils.admin.jobs.getFailed.invalidate() });
}
