import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { contactStreamId } from '../site.events.ts';
import { hasLiveKeySql, streamVersionSql } from '#server/event-store/queries';


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
      `SELECT s.stream_id, ${streamVersionSql('s.stream_id')} AS version
         FROM contact_messages m
         CROSS JOIN LATERAL (SELECT $3 || m.message_id::text AS stream_id) s
        WHERE (lower(m.email) = ANY($1::text[]) OR right(regexp_replace(coalesce(m.phone, ''), '\\D', '', 'g'), 10) = ANY($2::text[]))
          AND ${hasLiveKeySql('s.stream_id')} AND ${streamVersionSql('s.stream_id')} IS NOT NULL
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
