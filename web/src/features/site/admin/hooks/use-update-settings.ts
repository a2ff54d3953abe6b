import { trpc } from '#web/api/trpc.ts';
import { useSiteDataStore } from '#web/features/site/site-data.public.tsx';

/** site.settings.update; the page's top bar and footer show the saved values at once. */
export function useUpdateSettings() {
  const utils = trpc.useUtils();
  const site = useSiteDataStore();
  return trpc.site.settings.update.useMutation({
    onSuccess: (result) => {
      utils.site.settings.get.setData(undefined, result);
      site.setSettings(result.settings);
    },
  });
}
