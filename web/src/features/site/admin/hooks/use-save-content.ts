import type { TContentPage } from '@sahay/server/modules/site/content/content.schema';
import { trpc } from '#web/api/trpc.ts';
import { useSiteDataStore } from '#web/features/site/site-data.public.tsx';

function useAfterSave() {
  const utils = trpc.useUtils();
  const site = useSiteDataStore();
  return (page: TContentPage) => {
    utils.site.content.get.setData({ slug: page.slug }, page);
    void utils.site.content.getHistory.invalidate({ slug: page.slug });
    // The public page shows the new text on the next visit within this session, too.
    site.setPage(page);
  };
}

/** site.content.update: saves a new version of the page. */
export function useUpdateContent() {
  const afterSave = useAfterSave();
  return trpc.site.content.update.useMutation({ onSuccess: afterSave });
}

/** site.content.restore: saves an old version again as the newest. */
export function useRestoreContent() {
  const afterSave = useAfterSave();
  return trpc.site.content.restore.useMutation({ onSuccess: afterSave });
}
