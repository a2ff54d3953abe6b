import { router } from '#server/trpc/procedures';
import { createContactMessageRoute } from './contact/create-contact-message.route.ts';
import { getContactMessageRoute } from './contact/get-contact-message.route.ts';
import { getContentHistoryRoute } from './content/get-content-history.route.ts';
import { getContentVersionRoute } from './content/get-content-version.route.ts';
import { getContentRoute } from './content/get-content.route.ts';
import { getManyContactMessagesRoute } from './contact/get-many-contact-messages.route.ts';
import { getSettingsRoute } from './settings/get-settings.route.ts';
import { getSigningStatusRoute } from './signing/get-signing-status.route.ts';
import { removeSigningCertificateRoute } from './signing/remove-signing-certificate.route.ts';
import { markContactMessageHandledRoute } from './contact/mark-contact-message-handled.route.ts';
import { previewContentRoute } from './content/preview-content.route.ts';
import { restoreContentRoute } from './content/restore-content.route.ts';
import { updateContentRoute } from './content/update-content.route.ts';
import { updateSettingsRoute } from './settings/update-settings.route.ts';

export const siteRouter = router({
  settings: router({ get: getSettingsRoute, update: updateSettingsRoute }),
  signing: router({ get: getSigningStatusRoute, removeCertificate: removeSigningCertificateRoute }),
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
