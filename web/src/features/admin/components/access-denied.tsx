import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';

/** PRODUCT.md §9 and §11: non-admins see "Access Denied!" and go to /admin-login after 1 s. */
const REDIRECT_DELAY_MS = 1000;

export function AccessDenied() {
  const t = useT();
  const [, navigate] = useLocation();

  useEffect(() => {
    // "~" leaves the /admin nest: the login page is /admin-login, not /admin/admin-login.
    const timer = setTimeout(() => navigate('~/admin-login', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="container page-narrow">
      <div role="alert">
        <h1>{t('admin.accessDenied')}</h1>
        <p>{t('admin.accessDeniedRedirect')}</p>
      </div>
    </div>
  );
}
