import { createContext, use, useEffect, type ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n/i18n.tsx';

/** Filled in while rendering on the server: the page's title, description and HTTP status. */
export interface PageMetaCollector {
  title: string;
  description: string;
  status: number;
  /** Pages that should not be in search results (404, sign-in for staff, member areas). */
  isNoIndex: boolean;
}

export function createPageMetaCollector(): PageMetaCollector {
  return { title: '', description: '', status: 200, isNoIndex: false };
}

const CollectorContext = createContext<PageMetaCollector | null>(null);

export function PageMetaProvider({ collector, children }: { collector?: PageMetaCollector; children: ReactNode }) {
  return <CollectorContext value={collector ?? null}>{children}</CollectorContext>;
}

/** Sets the document title and meta description, already translated (content pages' own titles). */
export function usePageMetaText(title: string, description: string, options: { status?: number; isNoIndex?: boolean } = {}): void {
  const collector = use(CollectorContext);
  if (collector) {
    // Server rendering only: there is no document, and effects do not run on the server.
    collector.title = title;
    collector.description = description;
    if (options.status) collector.status = options.status;
    if (options.isNoIndex) collector.isNoIndex = true;
  }
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** Sets the document title and meta description for the page, in the current language. */
export function usePageMeta(titleKey: MessageKey, descriptionKey: MessageKey, options: { status?: number; isNoIndex?: boolean } = {}): void {
  const t = useT();
  usePageMetaText(t(titleKey), t(descriptionKey), options);
}
