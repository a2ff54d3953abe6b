import { adminRouter } from '#server/modules/admin/admin.router';
import { communityRouter } from '#server/modules/community/community.router';
import { donationsRouter } from '#server/modules/donations/donations.router';
import { fundraisersRouter } from '#server/modules/fundraisers/fundraisers.router';
import { helpRouter } from '#server/modules/help/help.router';
import { identityRouter } from '#server/modules/identity/identity.router';
import { kanyadanRouter } from '#server/modules/kanyadan/kanyadan.router';
import { siteRouter } from '#server/modules/site/site.router';
import { transparencyRouter } from '#server/modules/transparency/transparency.router';
import { router } from './procedures.ts';

/** The app router: only maps names to the modules' routers. */
export const appRouter = router({
  identity: identityRouter,
  community: communityRouter,
  admin: adminRouter,
  site: siteRouter,
  donations: donationsRouter,
  kanyadan: kanyadanRouter,
  help: helpRouter,
  fundraisers: fundraisersRouter,
  transparency: transparencyRouter,
});

export type AppRouter = typeof appRouter;
