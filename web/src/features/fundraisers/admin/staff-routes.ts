/**
 * The fundraisers' staff screens (issue 33): the queue and one fundraiser, loaded on demand like
 * every page; the console's router (features/admin/admin-routes.tsx) composes them.
 */
import { apiPage, type StaffRoute } from '#web/pages.ts';

export const adminFundraisersPage = apiPage(() => import('./pages/fundraisers-queue-page.tsx'), ['admin', 'messages', 'help', 'fundraisers']);
export const adminFundraiserPage = apiPage(() => import('./pages/fundraiser-admin-page.tsx'), ['admin', 'messages', 'help', 'fundraisers']);

/** Paths under /admin. */
export const fundraisersStaffRoutes: readonly StaffRoute[] = [
  { path: '/fundraisers', page: adminFundraisersPage },
  { path: '/fundraisers/:id', page: adminFundraiserPage },
];
