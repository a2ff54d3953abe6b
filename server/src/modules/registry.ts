import { adminModule } from './admin/admin.module.ts';
import { communityModule } from './community/community.module.ts';
import { donationsModule } from './donations/donations.module.ts';
import { fundraisersModule } from './fundraisers/fundraisers.module.ts';
import type { SahayModule } from './module.ts';
import { helpModule } from './help/help.module.ts';
import { identityModule } from './identity/identity.module.ts';
import { kanyadanModule } from './kanyadan/kanyadan.module.ts';
import { platformModule } from './platform/platform.module.ts';
import { siteModule } from './site/site.module.ts';
import { transparencyModule } from './transparency/transparency.module.ts';

/** Every feature slice of the monolith, in the order their projections run. */
export const sahayModules: readonly SahayModule[] = [identityModule, communityModule, siteModule, donationsModule, kanyadanModule, helpModule, fundraisersModule, adminModule, platformModule, transparencyModule];
