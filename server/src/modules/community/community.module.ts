import type { SahayModule } from '#server/modules/module';
import { epinTransfersProjection } from './epins/epin-transfers.projection.ts';
import { epinsProjection } from './epins/epins.projection.ts';
import { memberImpactProjection } from './team/member-impact.projection.ts';
import { teamProjection } from './team/team.projection.ts';
import { epinsRest } from './epins/epins.rest.ts';
import { communityRest } from './team/team.rest.ts';

export const communityModule: SahayModule = {
  name: 'community',
  inlineProjections: [epinsProjection, teamProjection],
  // The transfer report, and the impact behind the cards and tiers: each shows a change a moment
  // after it was recorded (docs/decisions/015).
  asyncProjections: [epinTransfersProjection, memberImpactProjection],
  rest: [...epinsRest, ...communityRest],
};
