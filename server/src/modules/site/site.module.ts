import type { SahayModule } from '#server/modules/module';
import { contactProjection } from './contact/contact.projection.ts';
import { notifyContactMessageJob } from './contact/notify-contact-message.job.ts';
import { contentProjection } from './content/content.projection.ts';
import { seedContent } from './content/content.ts';
import { contactMessagesErasurePart } from './site.api.ts';
import { settingsProjection } from './settings/settings.projection.ts';
import { raiseValidityAlertsJob } from './settings/raise-validity-alerts.job.ts';
import { siteRest } from './site.rest.ts';

export const siteModule: SahayModule = {
  name: 'site',
  inlineProjections: [settingsProjection, contentProjection, contactProjection],
  jobs: [notifyContactMessageJob],
  schedules: [raiseValidityAlertsJob],
  seed: seedContent,
  erasure: contactMessagesErasurePart,
  rest: siteRest,
};
