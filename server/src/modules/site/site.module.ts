import type { SahayModule } from '#server/modules/module';
import { contactProjection } from './contact.projection.ts';
import { notifyContactMessageJob } from './notify-contact-message.job.ts';
import { contentProjection } from './content.projection.ts';
import { seedContent } from './content.ts';
import { contactMessagesErasurePart } from './site.api.ts';
import { settingsProjection } from './settings.projection.ts';
import { siteRest } from './site.rest.ts';

export const siteModule: SahayModule = {
  name: 'site',
  inlineProjections: [settingsProjection, contentProjection, contactProjection],
  jobs: [notifyContactMessageJob],
  seed: seedContent,
  erasure: contactMessagesErasurePart,
  rest: siteRest,
};
