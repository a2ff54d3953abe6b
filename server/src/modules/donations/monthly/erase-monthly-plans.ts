import type { Queryable } from '#server/db/db';
import { hasLiveKeySql, streamVersionSql } from '#server/event-store/queries';
import type { Services } from '#server/services';
import { MONTHLY_PLAN_STREAM_PREFIX } from './monthly-plans.events.ts';

/**
 * The monthly plans given with a person's contacts (decision 079), for the donations module's part
 * of erasing them: each plan's stream (its PersonalDataErased scrubs the read model and stops the
 * plan; the sync job cancels its subscription) and its data key, destroyed by `shred`.
 */
export async function findMonthlyPlansToErase(services: Pick<Services, 'vault'>, tx: Queryable, contactKeys: string[]): Promise<{ streams: Record<string, number>; count: number; shred(tx: Queryable): Promise<void> }> {
  if (contactKeys.length === 0) return { streams: {}, count: 0, shred: async () => {} };
  const { rows } = await tx.query<{ stream_id: string; version: number }>(
    `SELECT s.stream_id, ${streamVersionSql('s.stream_id')} AS version
       FROM monthly_plans p CROSS JOIN LATERAL (SELECT $2 || p.plan_id::text AS stream_id) s
      WHERE p.contact_keys && $1::text[] AND ${hasLiveKeySql('s.stream_id')} AND ${streamVersionSql('s.stream_id')} IS NOT NULL
      ORDER BY p.plan_id`,
    [contactKeys, MONTHLY_PLAN_STREAM_PREFIX],
  );
  return {
    streams: Object.fromEntries(rows.map((row) => [row.stream_id, row.version])),
    count: rows.length,
    async shred(shredTx) {
      for (const { stream_id: subjectId } of rows) await services.vault.destroyKey(shredTx, subjectId);
    },
  };
}
