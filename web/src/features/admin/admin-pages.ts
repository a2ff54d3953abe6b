/**
 * The admin console's pages, loaded on demand like every page. They live here, not in pages.ts,
 * so that their definitions (and the list of each one's chunks) load with the admin area
 * (admin-routes.tsx, itself loaded on demand) instead of with every public page's entry script.
 */
import { apiPage } from '#web/pages.ts';

export const adminDashboardPage = apiPage(() => import('./pages/admin-dashboard-page.tsx'), ['admin', 'messages', 'donations', 'places']);
export const adminSettingsPage = apiPage(() => import('./pages/settings-editor-page.tsx'), ['admin', 'messages']);
export const adminContentPage = apiPage(() => import('./pages/content-editor-page.tsx'), ['admin', 'messages']);
export const adminMessagesPage = apiPage(() => import('./pages/contact-inbox-page.tsx'), ['admin', 'messages']);
export const adminMembersPage = apiPage(() => import('./pages/members-page.tsx'), ['admin', 'messages']);
export const adminMemberDetailPage = apiPage(() => import('./pages/member-detail-page.tsx'), ['admin', 'messages']);
export const adminSecurityPage = apiPage(() => import('./pages/security-page.tsx'), ['admin', 'messages']);
export const adminFailedJobsPage = apiPage(() => import('./pages/failed-jobs-page.tsx'), ['admin', 'messages']);
export const adminDonationsPage = apiPage(() => import('./pages/donations-page.tsx'), ['admin', 'messages', 'donations']);
export const adminDonationDetailPage = apiPage(() => import('./pages/donation-detail-page.tsx'), ['admin', 'messages', 'donations']);
export const adminOfflineDonationPage = apiPage(() => import('./pages/offline-donation-page.tsx'), ['admin', 'messages', 'donations']);
export const adminFinanceExportsPage = apiPage(() => import('./pages/finance-exports-page.tsx'), ['admin', 'messages']);
export const adminBankStatementsPage = apiPage(() => import('./pages/bank-statements-page.tsx'), ['admin', 'messages']);
export const adminKanyadanQueuePage = apiPage(() => import('./pages/kanyadan-queue-page.tsx'), ['admin', 'messages', 'kanyadanMessages', 'places']);
// 'member' brings the payout server messages (IFSC list, account number typed twice) the benefit request shares with the profile and help forms.
export const adminKanyadanApplicationPage = apiPage(() => import('./pages/kanyadan-application-page.tsx'), ['admin', 'messages', 'kanyadanMessages', 'member', 'places']);
export const adminHelpQueuePage = apiPage(() => import('./pages/help-queue-page.tsx'), ['admin', 'messages']);
// 'help' brings the server messages about direct gifts and updates (shared with the member's pages and the public gift form).
export const adminHelpRequestPage = apiPage(() => import('./pages/help-request-admin-page.tsx'), ['admin', 'messages', 'help']);
export const adminHelpDisputesPage = apiPage(() => import('./pages/help-disputes-page.tsx'), ['admin', 'messages', 'help']);
export const adminAuditPage = apiPage(() => import('./pages/audit-page.tsx'), ['admin', 'messages']);
export const adminReplayChecksPage = apiPage(() => import('./pages/replay-checks-page.tsx'), ['admin', 'messages']);
export const adminStaffPage = apiPage(() => import('./pages/staff-page.tsx'), ['admin', 'messages']);
export const adminAccessLogPage = apiPage(() => import('./pages/access-log-page.tsx'), ['admin', 'messages']);
export const adminDisbursementsPage = apiPage(() => import('./pages/disbursements-page.tsx'), ['admin', 'messages']);
