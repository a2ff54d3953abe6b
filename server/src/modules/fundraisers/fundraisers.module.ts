import type { SahayModule } from '#server/modules/module';
import { closeEndedFundraisersJob } from './close-ended-fundraisers.job.ts';
import { fundraisersErasurePart } from './erase-organiser.ts';
import { findFundraiserOpenForGifts } from './fundraiser-reads.ts';
import { fundraisersProjection } from './fundraisers.projection.ts';
import { fundraisersRest } from './fundraisers.rest.ts';

/**
 * Members' fundraisers (issue 33, decision 080). Above donations and help: it reads the donations'
 * events for the progress, and a help request it raises for through help's API; donations asks it
 * (fundraiserTarget) whether a gift may be given through one, without importing it.
 */
export const fundraisersModule: SahayModule = {
  name: 'fundraisers',
  // The organiser, staff and the public page see a change at once after a request (docs/decisions/015).
  inlineProjections: [fundraisersProjection],
  rest: fundraisersRest,
  schedules: [closeEndedFundraisersJob],
  erasure: fundraisersErasurePart,
  fundraiserTarget: { findOpen: findFundraiserOpenForGifts },
};
