import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';

/** PRODUCT.md §9 and §11: non-admins see "Access Denied!" and go to /admin-login after 1 s. */
const REDIRECT_DELAY_MS = 1000;

/**
 * `isAdmin`: an admin without the page's permission stays signed in and gets a way back to the
 * dashboard; anyone else is taken to the admin login.
 */
export function AccessDenied({ isAdmin = false }: { isAdmin?: boolean }) {
  const t = useT();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (isAdmin) return;
    // "~" leaves the /admin nest: the login page is /admin-login, not /admin/admin-login.
    const timer = setTimeout(() => navigate('~/admin-login', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, isAdmin]);

  return (
    <div className="container page-narrow">
      <div role="alert">
        <h1>{t('admin.accessDenied')}</h1>
        <p>{isAdmin ? t('admin.missingPermission') : t('admin.accessDeniedRedirect')}</p>
      </div>
      {isAdmin && (
        <Link href="~/admin/dashboard" className="btn btn-secondary">
          {t('admin.backToDashboard')}
        </Link>
      )}
    </div>
  );
}
