import type { TApplicationFilter, TApplicationSummary } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { trpc } from '#web/api/trpc.ts';

export type TQueueFilter = Omit<TApplicationFilter, 'after'>;

const REFRESH_MS = 10_000;

/**
 * kanyadan.admin.getMany, `pageCount` pages of it ("Load more"), refreshed every 10 s like the other
 * admin queues. Each page starts after the last item of the page before it as that page is now, not
 * as it was when "Load more" was pressed: when an application arrives (or leaves the filter) between
 * two refreshes, the pages below move with it, so none is skipped or shown twice.
 */
export function useKanyadanApplications(filter: TQueueFilter, pageCount: number) {
  const utils = trpc.useUtils();
  const inputs: TApplicationFilter[] = [filter];
  while (inputs.length < pageCount) {
    // Read in render, not subscribed: useQueries below re-renders whenever any page changes.
    const previous = utils.kanyadan.admin.getMany.getData(inputs[inputs.length - 1]);
    if (!previous?.nextAfter) break;
    inputs.push({ ...filter, after: previous.nextAfter });
  }
  const pages = trpc.useQueries((t) => inputs.map((input) => t.kanyadan.admin.getMany(input, { refetchInterval: REFRESH_MS })));
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const seen = new Set<string>();
  const items: TApplicationSummary[] = [];
  for (const page of pages) {
    for (const item of page.data?.items ?? []) {
      if (seen.has(item.regNo)) continue;
      seen.add(item.regNo);
      items.push(item);
    }
  }
  const laterFailure = pages.slice(1).find((page) => page.isError);
  return {
    items,
    isPending: first.isPending,
    error: first.error,
    refetch: () => void first.refetch(),
    hasMore: inputs.length === pageCount && Boolean(last.data?.nextAfter),
    isLoadingMore: pages.slice(1).some((page) => page.isPending && !page.isError),
    moreError: laterFailure?.error ?? null,
    retryMore: () => void laterFailure?.refetch(),
  };
}
