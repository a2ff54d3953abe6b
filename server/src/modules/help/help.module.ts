import type { SahayModule } from '#server/modules/module';
import { closeExpiredHelpRequestsJob } from './close-expired-requests.job.ts';
import { helpErasurePart } from './help.api.ts';
import { earmarkDonationsJob } from './earmark-donations.job.ts';
import { helpProjection } from './help.projection.ts';
import { helpRest } from './help.rest.ts';

export const helpModule: SahayModule = {
  name: 'help',
  // The requester sees their request, and staff the queue, change at once (docs/decisions/015).
  inlineProjections: [helpProjection],
  rest: helpRest,
  jobs: [earmarkDonationsJob],
  schedules: [closeExpiredHelpRequestsJob],
  erasure: helpErasurePart,
};
