import { Router, type AroundNavHandler, type RouterOptions } from 'wouter';
import { SiteLayout, MAIN_ID } from './features/site/components/site-layout.tsx';
import { I18nProvider, type Lang } from './i18n/i18n.tsx';
import { AppRoutes } from './routes.tsx';
import { PageLoading } from './ui/error-boundary.tsx';
import { PageMetaProvider, type PageMetaCollector } from './ui/page-meta.tsx';

export interface AppProps {
  lang?: Lang;
  /** ssrPath/ssrSearch when prerendering or hydrating; a memory location in tests. */
  router?: Pick<RouterOptions, 'ssrPath' | 'ssrSearch' | 'hook' | 'searchHook'>;
  meta?: PageMetaCollector;
  /** The app.html shell: the layout with a loading notice, until the client renders the page. */
  isShell?: boolean;
}

/**
 * After an in-app navigation, start at the top and put focus on the new page's content, so
 * screen-reader and keyboard users are not left on a link that has gone away.
 */
const focusNewPage: AroundNavHandler = (navigate, to, options) => {
  navigate(to, options);
  requestAnimationFrame(() => {
    window.scrollTo(0, 0);
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  });
};

export function App({ lang = 'en', router, meta, isShell = false }: AppProps) {
  return (
    <I18nProvider initialLang={lang}>
      <PageMetaProvider collector={meta}>
        <Router {...router} aroundNav={focusNewPage}>
          <SiteLayout>{isShell ? <PageLoading /> : <AppRoutes />}</SiteLayout>
        </Router>
      </PageMetaProvider>
    </I18nProvider>
  );
}
