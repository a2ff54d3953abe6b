import { router } from '#server/trpc/procedures';
import { getDashboardRoute } from './get-dashboard.route.ts';

export const adminRouter = router({ getDashboard: getDashboardRoute });
