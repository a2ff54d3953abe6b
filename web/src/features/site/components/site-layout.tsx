import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import { ErrorBoundary, PageLoading } from '#web/ui/error-boundary.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export const MAIN_ID = 'main-content';

export function SiteLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const [location] = useLocation();
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1}>
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}
