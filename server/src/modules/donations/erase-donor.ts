import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { contactKeyOf } from './donor-keys.ts';
import { DONATION_STREAM_PREFIX } from './donations.events.ts';

/**
 * The donations module's part of erasing a person (issue 29): every donation given from their
 * account or with one of their contacts (found by the contact's blind index, so a donor who never
 * had an account is found too) whose data key still exists. Each gets a PersonalDataErased on its
 * own stream (the donations read model scrubs the donor, so status and receipt are no longer served
 * by contact); its key is destroyed and its files (screenshot, receipts) removed.
 */
export const donationsErasurePart: ErasurePart = {
  async find(services: Services, tx: Queryable, target: ErasureTarget): Promise<ErasureFound> {
    const blindIndex = (purpose: string, value: string) => services.vault.blindIndex(purpose, value);
    const contactKeys = target.contacts.map((contact) => contactKeyOf(blindIndex, contact));
    const { rows } = await tx.query<{ stream_id: string; version: number }>(
      `SELECT s.stream_id, s.version
         FROM donations d
         JOIN streams s ON s.stream_id = $3 || d.reference
         JOIN data_keys k ON k.subject_id = s.stream_id AND k.wrapped_key IS NOT NULL
        WHERE (d.member_id = $1 OR d.contact_keys && $2::text[])
        ORDER BY d.reference`,
      [target.userId, contactKeys, DONATION_STREAM_PREFIX],
    );
    const streams = Object.fromEntries(rows.map((row) => [row.stream_id, row.version]));
    return {
      streams,
      counts: { donations: rows.length },
      kept: [],
      async shred(shredTx) {
        for (const { stream_id: subjectId } of rows) {
          await services.vault.destroyKey(shredTx, subjectId);
          await services.files.removeAllOf(subjectId, shredTx);
        }
      },
    };
  },
};
