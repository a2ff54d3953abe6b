import { createContext, use, useEffect, type ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n/i18n.tsx';

/** Filled in while prerendering, so each HTML file gets its page's title and description. */
export interface PageMetaCollector {
  title: string;
  description: string;
}

const CollectorContext = createContext<PageMetaCollector | null>(null);

export function PageMetaProvider({ collector, children }: { collector?: PageMetaCollector; children: ReactNode }) {
  return <CollectorContext value={collector ?? null}>{children}</CollectorContext>;
}

/** Sets the document title and meta description for the page, in the current language. */
export function usePageMeta(titleKey: MessageKey, descriptionKey: MessageKey): void {
  const t = useT();
  const title = t(titleKey);
  const description = t(descriptionKey);
  const collector = use(CollectorContext);
  if (collector) {
    // Prerendering only: there is no document, and effects do not run on the server.
    collector.title = title;
    collector.description = description;
  }
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
