/**
 * Kanyadan's staff screens (the applications' queue and an application), loaded on demand like
 * every page. The console's router (features/admin/admin-routes.tsx, itself loaded on demand)
 * composes every feature's list, so these definitions never load with a public page.
 */
import { apiPage, type StaffRoute } from '#web/pages.ts';

export const adminKanyadanQueuePage = apiPage(() => import('./pages/kanyadan-queue-page.tsx'), ['admin', 'messages', 'kanyadanMessages', 'places']);
// 'member' brings the payout server messages (IFSC list, account number typed twice) the benefit request shares with the profile and help forms.
export const adminKanyadanApplicationPage = apiPage(() => import('./pages/kanyadan-application-page.tsx'), ['admin', 'messages', 'kanyadanMessages', 'member', 'places']);

/** Paths under /admin, in the order they are matched (a fixed segment before a parameter). */
export const kanyadanStaffRoutes: readonly StaffRoute[] = [
  { path: '/kanyadan', page: adminKanyadanQueuePage },
  { path: '/kanyadan/:regNo', page: adminKanyadanApplicationPage },
];
