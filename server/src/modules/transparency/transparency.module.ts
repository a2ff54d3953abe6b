import type { SahayModule } from '#server/modules/module';
import { countersProjection } from './counters.projection.ts';
import { transparencyRest } from './transparency.rest.ts';
import { transparencyProjection } from './transparency.projection.ts';

/**
 * What the public sees of every rupee: the counters on the home page, the transparency report and the
 * public site's data a page is rendered with. It reads every other module's events, so no module
 * depends on it (issue 30); the site module keeps the settings and content everyone else reads.
 */
export const transparencyModule: SahayModule = {
  name: 'transparency',
  // The public counters: a verified figure shows there a moment after it was recorded (docs/decisions/015).
  // The transparency page's figures likewise.
  asyncProjections: [countersProjection, transparencyProjection],
  rest: transparencyRest,
};
