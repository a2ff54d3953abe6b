import { router } from '#server/trpc/procedures';
import { getDashboardRoute, getWebVitalsRoute } from './get-dashboard.route.ts';
import { getCompanyDirectsRoute, getMemberRoute, reactivateMemberRoute, resetTotpRoute, searchMembersRoute, suspendMemberRoute } from './members.route.ts';

export const adminRouter = router({
  getDashboard: getDashboardRoute,
  getWebVitals: getWebVitalsRoute,
  members: router({
    search: searchMembersRoute,
    get: getMemberRoute,
    getCompanyDirects: getCompanyDirectsRoute,
    suspend: suspendMemberRoute,
    reactivate: reactivateMemberRoute,
    resetTotp: resetTotpRoute,
  }),
});
