import { router } from '#server/trpc/procedures';
import { auditHistoryRoute, findAuditRecordsRoute, getBundleRoute, requestBundleRoute } from './audit/audit.routes.ts';
import { getChartsRoute } from './dashboard/get-charts.route.ts';
import { getDashboardRoute } from './dashboard/get-dashboard.route.ts';
import { listAccessLogRoute } from './access-log/access-log.route.ts';
import { getReplayCheckRoute, listReplayChecksRoute, startReplayCheckRoute } from './replay-checks/replay-checks.routes.ts';
import { getQueuesRoute } from './dashboard/get-queues.route.ts';
import { getWebVitalsRoute } from './dashboard/get-web-vitals.route.ts';
import { getFailedJobsRoute } from './jobs/get-failed-jobs.route.ts';
import { getSystemHealthRoute } from './health/get-system-health.route.ts';
import { retryJobRoute } from './jobs/retry-job.route.ts';
import { eraseContactRoute, eraseMemberRoute } from './members/erase-member.route.ts';
import { getCompanyDirectsRoute } from './members/get-company-directs.route.ts';
import { getMemberRoute } from './members/get-member.route.ts';
import { reactivateMemberRoute } from './members/reactivate-member.route.ts';
import { resetTotpRoute } from './members/reset-totp.route.ts';
import { searchMembersRoute } from './members/search-members.route.ts';
import { setPermissionsRoute } from './members/set-permissions.route.ts';
import { suspendMemberRoute } from './members/suspend-member.route.ts';
import { inviteStaffRoute, listStaffInvitationsRoute, withdrawStaffInvitationRoute } from './staff/staff.routes.ts';

export const adminRouter = router({
  getDashboard: getDashboardRoute,
  getQueues: getQueuesRoute,
  getCharts: getChartsRoute,
  getWebVitals: getWebVitalsRoute,
  members: router({
    search: searchMembersRoute,
    get: getMemberRoute,
    getCompanyDirects: getCompanyDirectsRoute,
    suspend: suspendMemberRoute,
    reactivate: reactivateMemberRoute,
    resetTotp: resetTotpRoute,
    setPermissions: setPermissionsRoute,
    erase: eraseMemberRoute,
    eraseContact: eraseContactRoute,
  }),
  staff: router({
    invite: inviteStaffRoute,
    invitations: listStaffInvitationsRoute,
    withdrawInvitation: withdrawStaffInvitationRoute,
  }),
  audit: router({
    find: findAuditRecordsRoute,
    history: auditHistoryRoute,
    requestBundle: requestBundleRoute,
    bundle: getBundleRoute,
  }),
  accessLog: router({
    list: listAccessLogRoute,
  }),
  replayChecks: router({
    start: startReplayCheckRoute,
    get: getReplayCheckRoute,
    list: listReplayChecksRoute,
  }),
  jobs: router({
    getFailed: getFailedJobsRoute,
    retry: retryJobRoute,
  }),
  health: router({
    get: getSystemHealthRoute,
  }),
});
