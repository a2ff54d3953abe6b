import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { shredApplication } from '../application-commands.ts';
import { KANYADAN_STREAM_PREFIX } from '../kanyadan.events.ts';
import { findEvents, hasLiveKeySql, streamVersionSql } from '#server/event-store/queries';

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
    // The applications the person submitted while signed in (their account is the submission's actor).
    const submittedBy = target.userId === null ? [] : (await findEvents(tx, { types: ['KanyadanApplicationSubmitted'], actor: target.userId })).map((event) => event.streamId);
    const { rows } = await tx.query<{ stream_id: string; version: number }>(
      `SELECT s.stream_id, ${streamVersionSql('s.stream_id')} AS version
         FROM kanyadan_applications a
         CROSS JOIN LATERAL (SELECT $3 || a.reg_no AS stream_id) s
        WHERE NOT a.is_erased
          AND ${hasLiveKeySql('s.stream_id')} AND ${streamVersionSql('s.stream_id')} IS NOT NULL
          AND (lower(a.email) = ANY($1::text[])
               OR right(regexp_replace(coalesce(a.phone, ''), '\\D', '', 'g'), 10) = ANY($2::text[])
               OR s.stream_id = ANY($4::text[]))
        ORDER BY s.stream_id`,
      [emails, phones, KANYADAN_STREAM_PREFIX, submittedBy],
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
