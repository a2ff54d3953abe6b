import type { SahayModule } from '#server/modules/module';
import { contactProjection } from './contact.projection.ts';
import { notifyContactMessageJob } from './notify-contact-message.job.ts';
import { notifyMoneySettingsJob } from './notify-money-settings.job.ts';
import { contentProjection } from './content.projection.ts';
import { countersProjection } from './counters.projection.ts';
import { seedContent } from './content.ts';
import { contactMessagesErasurePart } from './site.api.ts';
import { settingsProjection } from './settings.projection.ts';
import { siteRest } from './site.rest.ts';
import { transparencyProjection } from './transparency.projection.ts';

export const siteModule: SahayModule = {
  name: 'site',
  inlineProjections: [settingsProjection, contentProjection, contactProjection],
  // The public counters: a verified figure shows there a moment after it was recorded (docs/decisions/015).
  // The transparency page's figures likewise.
  asyncProjections: [countersProjection, transparencyProjection],
  jobs: [notifyContactMessageJob, notifyMoneySettingsJob],
  seed: seedContent,
  rest: siteRest,
  erasure: contactMessagesErasurePart,
};
