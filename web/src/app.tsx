import { useEffect, type ReactNode } from 'react';
import { Router, type AroundNavHandler, type RouterOptions } from 'wouter';
import { SiteLayout, MAIN_ID } from './features/site/components/site-layout.tsx';
import { SiteDataProvider, type SiteDataStore } from './features/site/site-data.public.tsx';
import { I18nProvider, useLang, type Lang } from './i18n/i18n.tsx';
import { localizeHref } from './i18n/lang-url.ts';
import { AppRoutes } from './routes.tsx';
import { PageLoading } from './ui/error-boundary.tsx';
import { isLeavingConfirmed } from './ui/leave-guard.ts';
import { needsDocumentLoad } from './lib/own-policy-pages.ts';
import { onSessionChange } from './api/session-change.ts';
import { PageMetaProvider, type PageMetaCollector } from './ui/page-meta.tsx';

export interface AppProps {
  lang?: Lang;
  site: SiteDataStore;
  /** ssrPath/ssrSearch when rendering on the server; a memory location in tests. */
  router?: Pick<RouterOptions, 'ssrPath' | 'ssrSearch' | 'hook' | 'searchHook'>;
  meta?: PageMetaCollector;
  /** The app shell: the layout with a loading notice, until the client renders the page. */
  isShell?: boolean;
}

/**
 * Links and navigation keep the reader's language in the address (`?lang=hi`), so each page in
 * each language has its own URL. After an in-app navigation, start at the top and put focus on
 * the new page's content, so screen-reader and keyboard users are not left on a link that has gone.
 * A page holding unsaved changes is asked first (ui/leave-guard.ts). A page with a CSP of its own
 * (/donate, lib/own-policy-pages.ts) is loaded as a document instead.
 */
function LocalizedRouter({ router, children }: { router?: AppProps['router']; children: ReactNode }) {
  const { lang } = useLang();
  const aroundNav: AroundNavHandler = (navigate, to, options) => {
    if (!isLeavingConfirmed()) return;
    if (typeof to === 'string' && needsDocumentLoad(to, window.location.pathname)) {
      window.location.assign(localizeHref(to, lang));
      return;
    }
    navigate(localizeHref(to, lang), options);
    requestAnimationFrame(() => {
      window.scrollTo(0, 0);
      document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    });
  };
  return (
    <Router {...router} hrefs={(href) => localizeHref(href, lang)} aroundNav={aroundNav}>
      {children}
    </Router>
  );
}

/** Signing in or out anywhere in the app changes the navigation's links at once. */
function ViewerFollower({ site }: { site: SiteDataStore }) {
  useEffect(() => onSessionChange((viewer) => site.setViewer(viewer)), [site]);
  return null;
}

/** Marks the document once the app has hydrated or rendered: browser tests wait for it. */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

export function App({ lang = 'en', site, router, meta, isShell = false }: AppProps) {
  return (
    <I18nProvider initialLang={lang}>
      <SiteDataProvider store={site}>
        <PageMetaProvider collector={meta}>
          <LocalizedRouter router={router}>
            <SiteLayout>{isShell ? <PageLoading /> : <AppRoutes />}</SiteLayout>
            <ViewerFollower site={site} />
            <ReadyMark />
          </LocalizedRouter>
        </PageMetaProvider>
      </SiteDataProvider>
    </I18nProvider>
  );
}
