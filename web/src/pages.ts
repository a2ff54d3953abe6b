/**
 * Every page, loaded on demand, and which of them are prerendered into which HTML file. Shared by
 * the router (routes.tsx), the client entry (to load a prerendered page's code before hydrating)
 * and the prerender script (files, routes.json, modulepreload links).
 */
import type { ComponentType } from 'react';
import { createElement } from 'react';
import { lazyPage, type LazyPage } from './lib/lazy-page.tsx';

const API_PROVIDER_SOURCE = 'src/api/api-provider.tsx';

/** Pages that talk to the server get the tRPC/React Query provider; the home page does not ship it. */
function apiPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return lazyPage(async () => {
    const [page, api] = await Promise.all([load(), import('./api/api-provider.tsx')]);
    const Page = page.default;
    return { default: () => createElement(api.ApiProvider, null, createElement(Page)) };
  });
}

export const homePage = lazyPage(() => import('./features/site/pages/home-page.tsx'));
export const notFoundPage = lazyPage(() => import('./features/site/pages/not-found-page.tsx'));
export const loginPage = apiPage(() => import('./features/identity/pages/login-page.tsx'));
export const registerPage = apiPage(() => import('./features/identity/pages/register-page.tsx'));
export const adminLoginPage = apiPage(() => import('./features/identity/pages/admin-login-page.tsx'));
export const dashboardPage = apiPage(() => import('./features/identity/pages/dashboard-page.tsx'));
export const adminDashboardPage = apiPage(() => import('./features/admin/pages/admin-dashboard-page.tsx'));
export const confirmEmailPage = apiPage(() => import('./features/identity/pages/confirm-email-page.tsx'));

export interface PrerenderTarget {
  /** The path rendered; the client hydrates with the same path, then moves to the real one. */
  ssrPath: string;
  /** Output file under web/dist. */
  file: string;
  /** URL patterns (wouter syntax) the server answers with this file (routes.json). */
  patterns: string[];
  page: LazyPage;
  /** Source files of the page's code, found in Vite's manifest to add modulepreload links. */
  sources: string[];
}

/** Rendered for any unknown URL; matches no route on purpose. */
export const NOT_FOUND_SSR_PATH = '/__not-found__';

export const prerenderTargets: PrerenderTarget[] = [
  { ssrPath: '/', file: 'index.html', patterns: ['/'], page: homePage, sources: ['src/features/site/pages/home-page.tsx'] },
  {
    ssrPath: '/login',
    file: 'login/index.html',
    patterns: ['/login'],
    page: loginPage,
    sources: ['src/features/identity/pages/login-page.tsx', API_PROVIDER_SOURCE],
  },
  {
    ssrPath: '/register',
    file: 'register/index.html',
    patterns: ['/register', '/register/:userId'],
    page: registerPage,
    sources: ['src/features/identity/pages/register-page.tsx', API_PROVIDER_SOURCE],
  },
  {
    ssrPath: '/admin-login',
    file: 'admin-login/index.html',
    patterns: ['/admin-login'],
    page: adminLoginPage,
    sources: ['src/features/identity/pages/admin-login-page.tsx', API_PROVIDER_SOURCE],
  },
  { ssrPath: NOT_FOUND_SSR_PATH, file: '404.html', patterns: [], page: notFoundPage, sources: ['src/features/site/pages/not-found-page.tsx'] },
];

/**
 * Paths under these prefixes get the client-rendered app shell (app.html) from the server: the
 * member and admin areas, and pages whose content depends on the query (/confirm-email?token=),
 * which a prerender could only get wrong. Add new member pages here as they are built.
 */
export const APP_PREFIXES = ['/dashboard', '/admin', '/direct-joining', '/LevelTree', '/epin-dashboard', '/profile', '/confirm-email'];

export const allPages: LazyPage[] = [homePage, notFoundPage, loginPage, registerPage, adminLoginPage, dashboardPage, adminDashboardPage, confirmEmailPage];
