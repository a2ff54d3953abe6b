import { trpc } from '#web/api/trpc.ts';

/** site.content.preview: the server's rendering of Markdown, exactly as the public page will show it. */
export function usePreviewContent() {
  return trpc.site.content.preview.useMutation();
}
