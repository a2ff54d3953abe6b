/**
 * Help's staff screens (the requests' queue, a request, disputed gifts, disbursements), loaded on
 * demand like every page. The console's router (features/admin/admin-routes.tsx, itself loaded on
 * demand) composes every feature's list, so these definitions never load with a public page.
 */
import { apiPage, type StaffRoute } from '#web/pages.ts';

export const adminHelpQueuePage = apiPage(() => import('./pages/help-queue-page.tsx'), ['admin', 'messages']);
// 'help' brings the server messages about direct gifts and updates (shared with the member's pages and the public gift form).
export const adminHelpRequestPage = apiPage(() => import('./pages/help-request-admin-page.tsx'), ['admin', 'messages', 'help']);
export const adminHelpDisputesPage = apiPage(() => import('./pages/help-disputes-page.tsx'), ['admin', 'messages', 'help']);
export const adminDisbursementsPage = apiPage(() => import('./pages/disbursements-page.tsx'), ['admin', 'messages']);

/** Paths under /admin, in the order they are matched (a fixed segment before a parameter). */
export const helpStaffRoutes: readonly StaffRoute[] = [
  { path: '/help', page: adminHelpQueuePage },
  // Before /help/:id, which would take "disputes" for a request's number.
  { path: '/help/disputes', page: adminHelpDisputesPage },
  { path: '/help/:id', page: adminHelpRequestPage },
  { path: '/disbursements', page: adminDisbursementsPage },
];
