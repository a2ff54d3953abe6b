import type { PersonalDataErased } from '#server/event-store/sealing/personal-data';
import type { Projection } from '#server/event-store/types';
import type { ContactDetails, SiteEvent } from '../site.events.ts';

/** The admin inbox of contact messages. */
export const contactProjection: Projection<'contact_messages', SiteEvent | PersonalDataErased> = {
  name: 'contact_messages',
  tables: ['contact_messages'],
  handles: ['ContactMessageReceived', 'ContactMessageHandled', 'PersonalDataErased'],
  async apply(event, context) {
    const { tx, tables, reveal } = context;
    switch (event.type) {
      case 'ContactMessageReceived': {
        const details = await reveal<ContactDetails>(event.data.personal);
        await tx.query(
          `INSERT INTO ${tables.contact_messages} (message_id, name, email, phone, message, received_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (message_id) DO NOTHING`,
          [event.data.messageId, details?.name ?? null, details?.email ?? null, details?.phone ?? null, details?.message ?? null, event.data.receivedAt],
        );
        return;
      }
      case 'ContactMessageHandled':
        await tx.query(`UPDATE ${tables.contact_messages} SET handled_at = $2, handled_by = $3 WHERE message_id = $1 AND handled_at IS NULL`, [
          event.data.messageId,
          event.data.handledAt,
          event.metadata.actor,
        ]);
        return;
      case 'PersonalDataErased':
        await contactProjection.erase!(event.data.subjectId, context);
        return;
      default:
        return;
    }
  },
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith('contact-')) return;
    await tx.query(`UPDATE ${tables.contact_messages} SET name = NULL, email = NULL, phone = NULL, message = NULL WHERE message_id = $1`, [
      subjectId.slice('contact-'.length),
    ]);
  },
};
