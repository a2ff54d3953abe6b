import type { SahayModule } from '#server/modules/module';
import { epinTransfersProjection } from './epin-transfers.projection.ts';
import { epinsProjection } from './epins.projection.ts';
import { memberImpactProjection } from './member-impact.projection.ts';
import { teamProjection } from './team.projection.ts';
import { epinsRest } from './epins.rest.ts';
import { communityRest } from './team.rest.ts';

export const communityModule: SahayModule = {
  name: 'community',
  inlineProjections: [epinsProjection, epinTransfersProjection, teamProjection, memberImpactProjection],
  rest: (services) => {
    const rest = epinsRest(services);
    rest.use(communityRest(services));
    return rest;
  },
};
