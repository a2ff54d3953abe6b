import { useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { mutateProcedure } from '#web/api/procedure-fetch.ts';
import { sessionChanged } from '#web/api/session-change.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { navItemsFor } from '../nav-items.ts';
import { useSiteData } from '../site-data.public.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { TopBar } from './top-bar.tsx';

const NAV_LIST_ID = 'site-nav-list';

/** Top bar, brand and main navigation; under ~900px the navigation folds behind a Menu button. */
export function SiteHeader() {
  const t = useT();
  const [rawLocation, navigate] = useLocation();
  const viewer = useSiteData().viewer ?? null;
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const [logoutFailed, setLogoutFailed] = useState(false);
  // "/login/" is the same page as "/login" (static servers may add the slash).
  const location = rawLocation.length > 1 ? rawLocation.replace(/\/+$/, '') : rawLocation;
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = () => setIsMenuOpen(false);

  /** The small fetch caller, so public pages need not load tRPC and React Query to sign out. */
  async function logOut() {
    setIsLoggingOut(true);
    setLogoutFailed(false);
    try {
      await mutateProcedure('identity.logout', undefined);
      closeMenu();
      sessionChanged(null);
      navigate('/login?done=logout', { replace: true });
    } catch {
      setLogoutFailed(true);
    } finally {
      setIsLoggingOut(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && isMenuOpen) {
      setIsMenuOpen(false);
      document.getElementById('site-menu-button')?.focus();
    }
  }

  return (
    <header>
      <TopBar />
      <div className="site-header">
        {/* Escape closes the menu from the Menu button as well as from inside it. */}
        <div className="container header-inner" onKeyDown={onKeyDown}>
          <Link href="/" className="brand" onClick={closeMenu}>
            <span className="brand-mark" aria-hidden="true">
              स
            </span>
            {t('site.name')}
          </Link>
          <button
            id="site-menu-button"
            type="button"
            className="menu-button"
            aria-expanded={isMenuOpen}
            aria-controls={NAV_LIST_ID}
            onClick={() => setIsMenuOpen(!isMenuOpen)}
          >
            <span className="menu-icon" aria-hidden="true" />
            {t('nav.menu')}
          </button>
          <nav className="site-nav" aria-label={t('nav.label')}>
            <ul id={NAV_LIST_ID} className={isMenuOpen ? 'nav-list is-open' : 'nav-list'}>
              {navItemsFor(viewer).map((item) =>
                item.kind === 'menu' ? (
                  <NavDropdown key={item.id} menu={item} currentPath={location} onNavigate={closeMenu} />
                ) : (
                  <li key={item.href} className="nav-item">
                    <Link
                      href={item.href}
                      className="nav-link"
                      aria-current={item.href === location ? 'page' : undefined}
                      onClick={closeMenu}
                    >
                      {t(item.label)}
                    </Link>
                  </li>
                ),
              )}
              {viewer && (
                <li className="nav-item">
                  <button type="button" className="nav-link" onClick={() => void logOut()} disabled={isLoggingOut} data-testid="nav-logout">
                    {isLoggingOut ? t('common.loggingOut') : t('common.logout')}
                  </button>
                  {logoutFailed && (
                    <p role="alert" className="field-error">
                      {t('nav.logoutFailed')}
                    </p>
                  )}
                </li>
              )}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
