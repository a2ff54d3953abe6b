import type { SahayModule } from '#server/modules/module';
import { contactProjection } from './contact.projection.ts';
import { notifyContactMessageJob } from './contact.ts';
import { contentProjection } from './content.projection.ts';
import { countersProjection } from './counters.projection.ts';
import { seedContent } from './content.ts';
import { settingsProjection } from './settings.projection.ts';

export const siteModule: SahayModule = {
  name: 'site',
  inlineProjections: [settingsProjection, contentProjection, countersProjection, contactProjection],
  jobs: [notifyContactMessageJob],
  seed: seedContent,
};
