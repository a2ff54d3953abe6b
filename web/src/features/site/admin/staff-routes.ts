/**
 * The site's staff screens (settings, content pages, the contact inbox), loaded on demand like
 * every page. The console's router (features/admin/admin-routes.tsx, itself loaded on demand)
 * composes every feature's list, so these definitions never load with a public page.
 */
import { apiPage, type StaffRoute } from '#web/pages.ts';

export const adminSettingsPage = apiPage(() => import('./pages/settings-editor-page.tsx'), ['admin', 'messages']);
export const adminContentPage = apiPage(() => import('./pages/content-editor-page.tsx'), ['admin', 'messages']);
export const adminMessagesPage = apiPage(() => import('./pages/contact-inbox-page.tsx'), ['admin', 'messages']);

/** Paths under /admin, in the order they are matched (a fixed segment before a parameter). */
export const siteStaffRoutes: readonly StaffRoute[] = [
  { path: '/settings', page: adminSettingsPage },
  { path: '/content', page: adminContentPage },
  { path: '/content/:slug', page: adminContentPage },
  { path: '/contact', page: adminMessagesPage },
  { path: '/contact/:id', page: adminMessagesPage },
];
