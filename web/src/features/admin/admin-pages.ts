/**
 * The console's own pages (dashboard, members, security, failed jobs, system health, audit, access log, staff,
 * replay checks), loaded on demand like every page. They live here, not in pages.ts, so that their
 * definitions load with the admin area (admin-routes.tsx, itself loaded on demand) instead of with
 * every public page's entry script; each feature lists its own staff screens the same way
 * (features/<feature>/admin/staff-routes.ts).
 */
import { apiPage, type StaffRoute } from '#web/pages.ts';

export const adminDashboardPage = apiPage(() => import('./pages/admin-dashboard-page.tsx'), ['admin', 'messages', 'donations', 'places', 'fundraisers']);
export const adminMembersPage = apiPage(() => import('./pages/members-page.tsx'), ['admin', 'messages']);
export const adminMemberDetailPage = apiPage(() => import('./pages/member-detail-page.tsx'), ['admin', 'messages']);
export const adminSecurityPage = apiPage(() => import('./pages/security-page.tsx'), ['admin', 'messages']);
export const adminFailedJobsPage = apiPage(() => import('./pages/failed-jobs-page.tsx'), ['admin', 'messages']);
export const adminSystemHealthPage = apiPage(() => import('./pages/system-health-page.tsx'), ['admin', 'messages']);
export const adminAuditPage = apiPage(() => import('./pages/audit-page.tsx'), ['admin', 'messages']);
export const adminReplayChecksPage = apiPage(() => import('./pages/replay-checks-page.tsx'), ['admin', 'messages']);
export const adminStaffPage = apiPage(() => import('./pages/staff-page.tsx'), ['admin', 'messages']);
export const adminAccessLogPage = apiPage(() => import('./pages/access-log-page.tsx'), ['admin', 'messages']);

/** Paths under /admin, in the order they are matched (a fixed segment before a parameter). */
export const adminStaffRoutes: readonly StaffRoute[] = [
  { path: '/dashboard', page: adminDashboardPage },
  { path: '/members', page: adminMembersPage },
  { path: '/members/:userId', page: adminMemberDetailPage },
  { path: '/security', page: adminSecurityPage },
  { path: '/jobs', page: adminFailedJobsPage },
  { path: '/health', page: adminSystemHealthPage },
  { path: '/audit', page: adminAuditPage },
  { path: '/access-log', page: adminAccessLogPage },
  { path: '/staff', page: adminStaffPage },
  { path: '/replay', page: adminReplayChecksPage },
];
