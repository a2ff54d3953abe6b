import { trpc } from '#web/api/trpc.ts';

/** site.settings.get: every setting with its version, fresh each time the editor opens. */
export function useSettingsForEdit() {
  return trpc.site.settings.get.useQuery(undefined, { staleTime: 0 });
}
