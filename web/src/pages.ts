/**
 * Every page, loaded on demand, and the public routes the server renders with live data. Shared by
 * the router (routes.tsx), the client entry (to load a page's code and texts before hydrating), the
 * server renderer (entry-server.tsx: preload links, sitemap) and the build (scripts/finish-build.ts).
 */
import type { ComponentType } from 'react';
import { createElement } from 'react';
import type { TContentSlug } from '@sahay/server/modules/site/content/content.schema';
import type { Namespace } from './i18n/i18n.tsx';
import { lazyPage, type LazyPage } from './lib/lazy-page.tsx';

/**
 * Member and admin pages talk to the server through React Query and get its provider; the public
 * pages (sign-in and registration included) use the small fetch caller and do not ship it.
 */
export function apiPage(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[]): LazyPage {
  return lazyPage(async () => {
    const [page, api] = await Promise.all([load(), import('./api/api-provider.tsx')]);
    const Page = page.default;
    return { default: () => createElement(api.ApiProvider, null, createElement(Page)) };
  }, namespaces);
}

/** A staff screen under /admin: each feature lists its own (features/<feature>/admin/staff-routes.ts). */
export interface StaffRoute {
  /** Relative to /admin (wouter syntax). */
  path: string;
  page: LazyPage;
}

export const homePage = lazyPage(() => import('./features/site/pages/home-page.tsx'), ['home']);
export const kanyadanYojnaPage = lazyPage(() => import('./features/site/pages/kanyadan-yojna-page.tsx'), ['kanyadan']);
// Its server messages ('messages') load once the family starts on a form (see load-server-messages.ts).
export const kanyadanRegistrationPage = lazyPage(() => import('./features/kanyadan/pages/kanyadan-registration-page.tsx'), ['kanyadan']);
export const contentPage = lazyPage(() => import('./features/site/pages/content-page.tsx'), ['pages']);
export const contactPage = lazyPage(() => import('./features/site/pages/contact-page.tsx'), ['pages', 'messages']);
export const notFoundPage = lazyPage(() => import('./features/site/pages/not-found-page.public.tsx'));
// Where the old site's paid-level and matrix links lead (server/src/http/legacy-links.ts).
export const noPaidLevelsPage = lazyPage(() => import('./features/site/pages/no-paid-levels-page.tsx'), ['pages']);
export const loginPage = lazyPage(() => import('./features/identity/pages/login-page.tsx'), ['identity', 'messages']);
export const registerPage = lazyPage(() => import('./features/identity/pages/register-page.tsx'), ['identity', 'messages', 'places']);
export const adminLoginPage = lazyPage(() => import('./features/identity/pages/admin-login-page.tsx'), ['identity', 'messages']);
export const forgotPasswordPage = lazyPage(() => import('./features/identity/pages/forgot-password-page.tsx'), ['identity', 'messages']);
export const forgotUserIdPage = lazyPage(() => import('./features/identity/pages/forgot-user-id-page.tsx'), ['identity', 'messages']);
export const verifyCardPage = lazyPage(() => import('./features/identity/pages/verify-card-page.tsx'), ['identity']);
// Its server messages ('messages') load once the donor starts on the form, as the Kanyadan form's do.
export const donatePage = lazyPage(() => import('./features/donations/pages/donate-page.tsx'), ['donations']);
export const donationStatusPage = lazyPage(() => import('./features/donations/pages/donation-status-page.tsx'), ['donations', 'messages']);
// Reached only by the signed link in a monthly donor's messages (decision 079).
export const monthlyPage = lazyPage(() => import('./features/donations/pages/monthly-page.tsx'), ['donations', 'monthly']);
// Its texts are a namespace of their own, so the donate pages do not carry them.
export const transparencyPage = lazyPage(() => import('./features/donations/pages/transparency-page.tsx'), ['donations', 'transparency']);
export const receiptCheckPage = lazyPage(() => import('./features/donations/pages/receipt-check-page.tsx'), ['donations', 'messages']);
export const helpListPage = lazyPage(() => import('./features/help/pages/help-list-page.tsx'), ['help']);
export const helpRequestPage = lazyPage(() => import('./features/help/pages/help-request-page.tsx'), ['help']);
export const dashboardPage = apiPage(() => import('./features/identity/pages/dashboard-page.tsx'), ['identity', 'member', 'messages', 'donations', 'fundraisers']);
export const profilePage = apiPage(() => import('./features/identity/pages/profile-page.tsx'), ['identity', 'member', 'messages', 'places']);
export const directJoiningPage = apiPage(() => import('./features/community/pages/direct-joining-page.tsx'), ['identity', 'member', 'messages']);
export const levelTreePage = apiPage(() => import('./features/community/pages/level-tree-page.tsx'), ['identity', 'member', 'messages']);
export const epinDashboardPage = apiPage(() => import('./features/community/pages/epin-dashboard-page.tsx'), ['identity', 'member', 'messages']);
export const confirmEmailPage = apiPage(() => import('./features/identity/pages/confirm-email-page.tsx'), ['identity', 'messages']);
// The page behind a staff invitation's link: its texts and messages are the console's.
export const staffInvitationPage = apiPage(() => import('./features/admin/pages/staff-invitation-page.tsx'), ['identity', 'messages', 'admin']);
export const myHelpPage = apiPage(() => import('./features/help/pages/my-help-page.tsx'), ['identity', 'member', 'messages']);
export const askHelpPage = apiPage(() => import('./features/help/pages/ask-help-page.tsx'), ['identity', 'member', 'messages']);
// 'help' brings the server messages about direct gifts and updates, which the public gift form shares.
// Members' fundraisers (issue 33): 'help' brings the progress and share texts the public page shares.
export const fundraiserPage = lazyPage(() => import('./features/fundraisers/pages/fundraiser-page.tsx'), ['help', 'fundraisers']);
export const myFundraisersPage = apiPage(() => import('./features/fundraisers/pages/my-fundraisers-page.tsx'), ['identity', 'member', 'messages', 'fundraisers']);
export const startFundraiserPage = apiPage(() => import('./features/fundraisers/pages/start-fundraiser-page.tsx'), ['identity', 'member', 'messages', 'fundraisers', 'donations']);
export const myHelpRequestPage = apiPage(() => import('./features/help/pages/my-help-request-page.tsx'), ['identity', 'member', 'messages', 'help']);

export interface PublicRoute {
  /** URL pattern (wouter syntax). */
  pattern: string;
  page: LazyPage;
  /** Source files of the page's code, found in Vite's manifest for modulepreload links. */
  sources: string[];
  /** Listed in /sitemap.xml (once per language). */
  isListed: boolean;
  /** A content page: the server hands its text to the client with the HTML. */
  contentSlug?: TContentSlug;
}

const SITE_PAGES = 'src/features/site/pages';
const IDENTITY_PAGES = 'src/features/identity/pages';
const DONATION_PAGES = 'src/features/donations/pages';
const KANYADAN_PAGES = 'src/features/kanyadan/pages';
const HELP_PAGES = 'src/features/help/pages';
const FUNDRAISER_PAGES = 'src/features/fundraisers/pages';

function content(slug: TContentSlug): PublicRoute {
  return { pattern: `/${slug}`, page: contentPage, sources: [`${SITE_PAGES}/content-page.tsx`], isListed: true, contentSlug: slug };
}

/** The public pages, rendered per request by the server with live settings, counters and content. */
export const publicRoutes: PublicRoute[] = [
  { pattern: '/', page: homePage, sources: [`${SITE_PAGES}/home-page.tsx`], isListed: true },
  content('about'),
  content('mission'),
  { pattern: '/KanyadanYojna', page: kanyadanYojnaPage, sources: [`${SITE_PAGES}/kanyadan-yojna-page.tsx`], isListed: true },
  { pattern: '/kanyadanRegistration', page: kanyadanRegistrationPage, sources: [`${KANYADAN_PAGES}/kanyadan-registration-page.tsx`], isListed: true },
  content('donor'),
  content('plan'),
  content('legals'),
  { pattern: '/no-paid-levels', page: noPaidLevelsPage, sources: [`${SITE_PAGES}/no-paid-levels-page.tsx`], isListed: true },
  { pattern: '/contact', page: contactPage, sources: [`${SITE_PAGES}/contact-page.tsx`], isListed: true },
  { pattern: '/donate', page: donatePage, sources: [`${DONATION_PAGES}/donate-page.tsx`], isListed: true },
  { pattern: '/donate/status', page: donationStatusPage, sources: [`${DONATION_PAGES}/donation-status-page.tsx`], isListed: true },
  { pattern: '/donate/monthly', page: monthlyPage, sources: [`${DONATION_PAGES}/monthly-page.tsx`], isListed: false },
  { pattern: '/transparency', page: transparencyPage, sources: [`${DONATION_PAGES}/transparency-page.tsx`], isListed: true },
  { pattern: '/donate/receipt/:serial', page: receiptCheckPage, sources: [`${DONATION_PAGES}/receipt-check-page.tsx`], isListed: false },
  { pattern: '/help', page: helpListPage, sources: [`${HELP_PAGES}/help-list-page.tsx`], isListed: true },
  // Each published request is listed in the sitemap by its own address (entry-server.tsx).
  { pattern: '/help/:id', page: helpRequestPage, sources: [`${HELP_PAGES}/help-request-page.tsx`], isListed: false },
  // Approved fundraisers are shared by their address; none is listed beside another (no ranking, decision 080).
  { pattern: '/fundraisers/:id', page: fundraiserPage, sources: [`${FUNDRAISER_PAGES}/fundraiser-page.tsx`], isListed: false },
  { pattern: '/login', page: loginPage, sources: [`${IDENTITY_PAGES}/login-page.tsx`], isListed: true },
  { pattern: '/register', page: registerPage, sources: [`${IDENTITY_PAGES}/register-page.tsx`], isListed: true },
  { pattern: '/register/:userId', page: registerPage, sources: [`${IDENTITY_PAGES}/register-page.tsx`], isListed: false },
  { pattern: '/admin-login', page: adminLoginPage, sources: [`${IDENTITY_PAGES}/admin-login-page.tsx`], isListed: false },
  { pattern: '/forgot-password', page: forgotPasswordPage, sources: [`${IDENTITY_PAGES}/forgot-password-page.tsx`], isListed: false },
  { pattern: '/forgot-user-id', page: forgotUserIdPage, sources: [`${IDENTITY_PAGES}/forgot-user-id-page.tsx`], isListed: false },
  { pattern: '/verify/:memberId', page: verifyCardPage, sources: [`${IDENTITY_PAGES}/verify-card-page.tsx`], isListed: false },
];

export const NOT_FOUND_SOURCES = [`${SITE_PAGES}/not-found-page.public.tsx`];

/**
 * Paths under these prefixes get the app shell (the layout with a loading notice) from the server
 * and are rendered by the client: the member and admin areas, and pages whose content depends on
 * who is signed in or on a one-time token (/confirm-email?token=). Add new member pages here.
 */
export const APP_PREFIXES = ['/dashboard', '/admin', '/direct-joining', '/LevelTree', '/epin-dashboard', '/profile', '/confirm-email', '/staff-invitation', '/my-help', '/my-fundraisers'];

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Segment-wise, case-insensitive like wouter's matcher: `/register/:userId` matches `/register/SH1234567`. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = trimSlash(pathname).split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) return false;
  return patternParts.every((part, index) => part.startsWith(':') || part.toLowerCase() === pathParts[index]?.toLowerCase());
}

export function findPublicRoute(pathname: string): PublicRoute | undefined {
  return publicRoutes.find((route) => matchesPattern(route.pattern, pathname));
}

/** Segment-wise: `/admin` is an app prefix, `/admin-login` is not. */
export function isAppPath(pathname: string): boolean {
  const path = trimSlash(pathname);
  return APP_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export const allPages: LazyPage[] = [
  homePage,
  kanyadanYojnaPage,
  kanyadanRegistrationPage,
  contentPage,
  contactPage,
  notFoundPage,
  noPaidLevelsPage,
  loginPage,
  registerPage,
  adminLoginPage,
  forgotPasswordPage,
  forgotUserIdPage,
  verifyCardPage,
  donatePage,
  donationStatusPage,
  monthlyPage,
  transparencyPage,
  receiptCheckPage,
  helpListPage,
  helpRequestPage,
  dashboardPage,
  profilePage,
  directJoiningPage,
  levelTreePage,
  epinDashboardPage,
  confirmEmailPage,
  staffInvitationPage,
  myHelpPage,
  askHelpPage,
  myHelpRequestPage,
  fundraiserPage,
  myFundraisersPage,
  startFundraiserPage,
];
