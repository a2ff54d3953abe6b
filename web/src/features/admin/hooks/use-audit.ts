import { trpc } from '#web/api/trpc.ts';

/** admin.audit.find: what the typed term names. */
export function useAuditFind(query: string) {
  return trpc.admin.audit.find.useQuery({ query }, { enabled: query.trim().length > 0, retry: false });
}

/** admin.audit.history: a record's events and state as of a moment (now when asOf is undefined). Every look is recorded, so it is not refetched on its own. */
export function useAuditHistory(streamId: string, asOf: string | undefined, isEnabled = true) {
  return trpc.admin.audit.history.useQuery(asOf ? { streamId, asOf } : { streamId }, { enabled: isEnabled && streamId.length > 0, retry: false, staleTime: Infinity });
}

/** admin.audit.requestBundle: a job makes the record's dispute bundle (PDF). */
export function useRequestBundle() {
  return trpc.admin.audit.requestBundle.useMutation();
}

/** admin.audit.bundle: asked every 2 s until the PDF is made. */
export function useBundle(bundleId: string | undefined) {
  return trpc.admin.audit.bundle.useQuery(
    { bundleId: bundleId ?? '' },
    { enabled: Boolean(bundleId), refetchInterval: (query) => (query.state.data?.status === 'ready' ? false : 2_000) },
  );
}
