import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { staffInvitationStreamId } from '../identity.events.ts';

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
      `SELECT s.stream_id, s.version
         FROM staff_invitations i
         JOIN streams s ON s.stream_id = $2 || i.invitation_id
         JOIN data_keys k ON k.subject_id = s.stream_id AND k.wrapped_key IS NOT NULL
        WHERE lower(i.email) = ANY($1::text[]) AND i.user_id IS NULL
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
