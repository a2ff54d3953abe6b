import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { staffInvitationStreamId } from '../identity.events.ts';
import { hasLiveKeySql, streamVersionSql } from '#server/event-store/queries';

/**
 * The identity module's part of erasing a person besides their account (issue 29): the staff
 * invitations sent to one of their e-mail addresses that no account took up (an accepted one is
 * scrubbed with the account it opened). Each gets a PersonalDataErased on its stream (the list drops
 * name and address) and its key is destroyed, so the invitation cannot be accepted any more.
 */
export const staffInvitationsErasurePart: ErasurePart = {
  async find(services: Services, tx: Queryable, target: ErasureTarget): Promise<ErasureFound> {
    const emails = target.contacts.filter((contact) => contact.includes('@'));
    if (emails.length === 0) return { streams: {}, counts: {}, kept: [], shred: async () => {} };
    const { rows } = await tx.query<{ stream_id: string; version: number }>(
      `SELECT s.stream_id, ${streamVersionSql('s.stream_id')} AS version
         FROM staff_invitations i
         CROSS JOIN LATERAL (SELECT $2 || i.invitation_id AS stream_id) s
        WHERE lower(i.email) = ANY($1::text[]) AND i.user_id IS NULL
          AND ${hasLiveKeySql('s.stream_id')} AND ${streamVersionSql('s.stream_id')} IS NOT NULL
        ORDER BY s.stream_id`,
      [emails, staffInvitationStreamId('')],
    );
    return {
      streams: Object.fromEntries(rows.map((row) => [row.stream_id, row.version])),
      counts: { staffInvitations: rows.length },
      kept: [],
      async shred(shredTx) {
        for (const { stream_id: subjectId } of rows) await services.vault.destroyKey(shredTx, subjectId);
      },
    };
  },
};
