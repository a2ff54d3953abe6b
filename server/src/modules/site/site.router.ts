import { router } from '#server/trpc/procedures';
import { createContactMessageRoute } from './create-contact-message.route.ts';
import { getContactMessageRoute } from './get-contact-message.route.ts';
import { getContentHistoryRoute } from './get-content-history.route.ts';
import { getContentVersionRoute } from './get-content-version.route.ts';
import { getContentRoute } from './get-content.route.ts';
import { getManyContactMessagesRoute } from './get-many-contact-messages.route.ts';
import { getSettingsRoute } from './get-settings.route.ts';
import { markContactMessageHandledRoute } from './mark-contact-message-handled.route.ts';
import { previewContentRoute } from './preview-content.route.ts';
import { restoreContentRoute } from './restore-content.route.ts';
import { updateContentRoute } from './update-content.route.ts';
import { updateSettingsRoute } from './update-settings.route.ts';

export const siteRouter = router({
  settings: router({ get: getSettingsRoute, update: updateSettingsRoute }),
  content: router({
    get: getContentRoute,
    update: updateContentRoute,
    getHistory: getContentHistoryRoute,
    getVersion: getContentVersionRoute,
    restore: restoreContentRoute,
    preview: previewContentRoute,
  }),
  contact: router({
    create: createContactMessageRoute,
    getMany: getManyContactMessagesRoute,
    get: getContactMessageRoute,
    markHandled: markContactMessageHandledRoute,
  }),
});
