import { adminRouter } from '#server/modules/admin/admin.router';
import { epinsRouter } from '#server/modules/community/epins.router';
import { teamRouter } from '#server/modules/community/team.router';
import { identityRouter } from '#server/modules/identity/identity.router';
import { siteRouter } from '#server/modules/site/site.router';
import { router } from './procedures.ts';

/** The app router: only maps names to the modules' routers. */
export const appRouter = router({
  identity: identityRouter,
  epins: epinsRouter,
  team: teamRouter,
  admin: adminRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
