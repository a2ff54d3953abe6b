import type { SahayModule } from '#server/modules/module';
import { contactProjection } from './contact.projection.ts';
import { notifyContactMessageJob } from './notify-contact-message.job.ts';
import { contentProjection } from './content.projection.ts';
import { countersProjection } from './counters.projection.ts';
import { seedContent } from './content.ts';
import { settingsProjection } from './settings.projection.ts';

export const siteModule: SahayModule = {
  name: 'site',
  inlineProjections: [settingsProjection, contentProjection, contactProjection],
  // The public counters: a verified figure shows there a moment after it was recorded (docs/decisions/015).
  asyncProjections: [countersProjection],
  jobs: [notifyContactMessageJob],
  seed: seedContent,
};
