import { trpc } from '#web/api/trpc.ts';

/** admin.replayChecks.list: the latest checks, asked every 2 s while one is queued or running. */
export function useReplayChecks() {
  return trpc.admin.replayChecks.list.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.checks.some((check) => check.status === 'queued' || check.status === 'running') ? 2_000 : false),
  });
}

/** admin.replayChecks.start, then the list is asked again (it shows the new check's progress). */
export function useStartReplayCheck() {
  const utils = trpc.useUtils();
  return trpc.admin.replayChecks.start.useMutation({ onSuccess: () => void utils.admin.replayChecks.list.invalidate() });
}
