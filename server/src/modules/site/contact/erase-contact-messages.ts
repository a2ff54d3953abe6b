import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { contactStreamId } from '../site.events.ts';


/**
 * The site module's part of erasing a person (issue 29): the contact-form messages they sent, found
 * by the e-mail address or phone (its last 10 digits) given, whose key still exists. Each gets a
 * PersonalDataErased (the inbox drops name, contact and message) and its key is destroyed.
 */
export const contactMessagesErasurePart: ErasurePart = {
  async find(services: Services, tx: Queryable, target: ErasureTarget): Promise<ErasureFound> {
    const emails = target.contacts.filter((contact) => contact.includes('@'));
    const phones = target.contacts.filter((contact) => !contact.includes('@'));
    if (emails.length === 0 && phones.length === 0) return { streams: {}, counts: {}, kept: [], shred: async () => {} };
    const { rows } = await tx.query<{ stream_id: string; version: number }>(
      `SELECT s.stream_id, s.version
         FROM contact_messages m
         JOIN streams s ON s.stream_id = $3 || m.message_id::text
         JOIN data_keys k ON k.subject_id = s.stream_id AND k.wrapped_key IS NOT NULL
        WHERE lower(m.email) = ANY($1::text[]) OR right(regexp_replace(coalesce(m.phone, ''), '\\D', '', 'g'), 10) = ANY($2::text[])
        ORDER BY s.stream_id`,
      [emails, phones, contactStreamId('')],
    );
    return {
      streams: Object.fromEntries(rows.map((row) => [row.stream_id, row.version])),
      counts: { contactMessages: rows.length },
      kept: [],
      async shred(shredTx) {
        for (const { stream_id: subjectId } of rows) await services.vault.destroyKey(shredTx, subjectId);
      },
    };
  },
};
