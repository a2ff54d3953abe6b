/**
 * The donations' staff screens (the queue, a donation, an offline gift, exports, Form 10BD and
 * 10BE, bank statements), loaded on demand like every page. The console's router (features/admin/admin-routes.tsx, itself
 * loaded on demand) composes every feature's list, so these definitions never load with a public
 * page.
 */
import { apiPage, type StaffRoute } from '#web/pages.ts';

export const adminDonationsPage = apiPage(() => import('./pages/donations-page.tsx'), ['admin', 'messages', 'donations']);
export const adminDonationDetailPage = apiPage(() => import('./pages/donation-detail-page.tsx'), ['admin', 'messages', 'donations']);
export const adminOfflineDonationPage = apiPage(() => import('./pages/offline-donation-page.tsx'), ['admin', 'messages', 'donations']);
export const adminFinanceExportsPage = apiPage(() => import('./pages/finance-exports-page.tsx'), ['admin', 'messages']);
export const adminForm10BDPage = apiPage(() => import('./pages/form-10bd-page.tsx'), ['admin', 'messages', 'donations']);
export const adminForm10BEPage = apiPage(() => import('./pages/form-10be-page.tsx'), ['admin', 'messages']);
export const adminOnlinePaymentsPage = apiPage(() => import('./pages/online-payments-page.tsx'), ['admin', 'messages']);
export const adminMonthlyPlansPage = apiPage(() => import('./pages/monthly-plans-page.tsx'), ['admin', 'messages', 'donations']);
export const adminBankStatementsPage = apiPage(() => import('./pages/bank-statements-page.tsx'), ['admin', 'messages']);

/** Paths under /admin, in the order they are matched (a fixed segment before a parameter). */
export const donationsStaffRoutes: readonly StaffRoute[] = [
  { path: '/donations', page: adminDonationsPage },
  { path: '/donations/offline', page: adminOfflineDonationPage },
  { path: '/donations/:reference', page: adminDonationDetailPage },
  { path: '/exports', page: adminFinanceExportsPage },
  { path: '/form-10bd', page: adminForm10BDPage },
  { path: '/form-10be', page: adminForm10BEPage },
  { path: '/bank-statements', page: adminBankStatementsPage },
  { path: '/online-payments', page: adminOnlinePaymentsPage },
  { path: '/monthly-plans', page: adminMonthlyPlansPage },
];
