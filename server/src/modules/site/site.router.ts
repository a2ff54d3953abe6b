import { router } from '#server/trpc/procedures';
import { createContactMessageRoute, getContactMessageRoute, getManyContactMessagesRoute, markContactMessageHandledRoute } from './contact.route.ts';
import {
  getContentHistoryRoute,
  getContentRoute,
  getContentVersionRoute,
  previewContentRoute,
  restoreContentRoute,
  updateContentRoute,
} from './content.route.ts';
import { getCountersRoute } from './counters.route.ts';
import { getSettingsRoute, updateSettingsRoute } from './settings.route.ts';

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
  counters: router({ get: getCountersRoute }),
  contact: router({
    create: createContactMessageRoute,
    getMany: getManyContactMessagesRoute,
    get: getContactMessageRoute,
    markHandled: markContactMessageHandledRoute,
  }),
});
