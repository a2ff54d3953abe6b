import { z } from 'zod';
import { defineJob } from '#server/queue/job';
import { runExternalOnce } from '#server/queue/job-effects';
import { renderMail } from '#server/mail/render-mail';
import { getSettings } from '../settings/settings.ts';
import type { ContactDetails, ContactMessageReceived } from '../site.events.ts';

/** Tells the foundation's address that a message arrived, with the message; handling happens in the inbox. */
export const notifyContactMessageJob = defineJob<ContactMessageReceived, { receivedAt: string; personal: unknown }>({
  name: 'notify-contact-message',
  on: ['ContactMessageReceived'],
  payload: z.object({ receivedAt: z.string(), personal: z.unknown() }),
  async run({ id, payload }, context) {
    await runExternalOnce(context.db, id, async () => {
      const { settings } = await getSettings(context.db);
      const details = await context.eventStore.vault.reveal<ContactDetails>(context.db, payload.personal);
      if (!details) return;
      await context.mailer.send({
        to: settings.email,
        idempotencyKey: id,
        ...renderMail('contactMessage', {
          name: details.name,
          email: details.email,
          phone: details.phone,
          receivedAt: payload.receivedAt,
          adminLink: `${context.config.publicUrl}/admin/contact`,
          message: details.message,
        }),
      });
    });
  },
});
