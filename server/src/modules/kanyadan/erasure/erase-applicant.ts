import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { shredApplication } from '../application-commands.ts';
import { KANYADAN_STREAM_PREFIX } from '../kanyadan.events.ts';

/**
 * The Kanyadan module's part of erasing a person (issue 29, docs/decisions/047): the applications
 * whose key still exists that the person sent while signed in to their account (the submission's
 * actor), or that give one of their contacts (the family's phone, its last 10 digits, or e-mail).
 * Each is erased as `npm run kanyadan:erase` erases one: a PersonalDataErased on its stream (the read
 * model drops the girl and her family), its key destroyed (every sealed field of its events and
 * every document unreadable for ever), its files removed, and the addresses the family's own
 * requests came from deleted. The number, the states, the amounts, the UTRs and the actors stay:
 * they name nobody, and they are what an audit of the money needs (PRODUCT.md §1.1); nothing of an
 * application is among what the law makes the foundation keep (§1.4).
 */
export const kanyadanErasurePart: ErasurePart = {
  async find(services: Services, tx: Queryable, target: ErasureTarget): Promise<ErasureFound> {
    const emails = target.contacts.filter((contact) => contact.includes('@'));
    const phones = target.contacts.filter((contact) => !contact.includes('@'));
    const { rows } = await tx.query<{ stream_id: string; version: number }>(
      `SELECT s.stream_id, s.version
         FROM kanyadan_applications a
         JOIN streams s ON s.stream_id = $4 || a.reg_no
         JOIN data_keys k ON k.subject_id = s.stream_id AND k.wrapped_key IS NOT NULL
        WHERE NOT a.is_erased
          AND (lower(a.email) = ANY($1::text[])
               OR right(regexp_replace(coalesce(a.phone, ''), '\\D', '', 'g'), 10) = ANY($2::text[])
               OR ($3::text IS NOT NULL AND EXISTS (
                    SELECT 1 FROM events e
                     WHERE e.stream_id = s.stream_id AND e.type = 'KanyadanApplicationSubmitted' AND e.metadata->>'actor' = $3)))
        ORDER BY s.stream_id`,
      [emails, phones, target.userId, KANYADAN_STREAM_PREFIX],
    );
    return {
      streams: Object.fromEntries(rows.map((row) => [row.stream_id, row.version])),
      counts: { kanyadanApplications: rows.length },
      kept: [],
      async shred(shredTx) {
        // As kanyadan:erase does: key, files and the family's request addresses.
        for (const { stream_id: subjectId } of rows) await shredApplication(services, shredTx, subjectId);
      },
    };
  },
};
