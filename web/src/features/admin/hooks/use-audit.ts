import { trpc } from '#web/api/trpc.ts';

/** admin.audit.find: what the typed term names. */
export function useAuditFind(query: string) {
  return trpc.admin.audit.find.useQuery({ query }, { enabled: query.trim().length > 0, retry: false });
}

/** admin.audit.history: a record's events and state as of a moment (now when asOf is undefined). Every look is recorded, so it is not refetched on its own. */
export function useAuditHistory(streamId: string, asOf: string | undefined, isEnabled = true) {
  return trpc.admin.audit.history.useQuery(asOf ? { streamId, asOf } : { streamId }, { enabled: isEnabled && streamId.length > 0, retry: false, staleTime: Infinity });
}
