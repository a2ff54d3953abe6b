import type { Queryable } from '#server/db/db';
import { hasLiveKeySql, streamVersionSql } from '#server/event-store/queries';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { FUNDRAISER_STREAM_PREFIX } from './fundraisers.events.ts';

/**
 * The fundraisers module's part of erasing a person (issue 29): every fundraiser they started whose
 * key still exists. Each gets a PersonalDataErased on its stream: the read model drops the title,
 * story and any refusal's reason, and the page is gone (404); the key is destroyed, so the sealed
 * text in the events is unreadable, and the photo is removed. The gifts given through it stay the
 * foundation's donations (with their receipts); a donor's own erasure (the donations module's part)
 * takes their name and message off the page.
 */
export const fundraisersErasurePart: ErasurePart = {
  async find(services: Services, tx: Queryable, target: ErasureTarget): Promise<ErasureFound> {
    if (target.userId === null) return { streams: {}, counts: {}, kept: [], shred: async () => {} };
    const { rows } = await tx.query<{ stream_id: string; version: number }>(
      `SELECT s.stream_id, ${streamVersionSql('s.stream_id')} AS version
         FROM fundraisers f
         CROSS JOIN LATERAL (SELECT $2 || f.id AS stream_id) s
        WHERE f.organiser_id = $1 AND ${hasLiveKeySql('s.stream_id')} AND ${streamVersionSql('s.stream_id')} IS NOT NULL
        ORDER BY f.id`,
      [target.userId, FUNDRAISER_STREAM_PREFIX],
    );
    return {
      streams: Object.fromEntries(rows.map((row) => [row.stream_id, row.version])),
      // Named only when there were some: a person who never started one has nothing of this module to count.
      counts: rows.length > 0 ? { fundraisers: rows.length } : {},
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
