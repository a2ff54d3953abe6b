import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasurePart, ErasureTarget } from '#server/modules/module';
import type { Services } from '#server/services';
import { GIFT_SCREENSHOT_FILE_KIND } from './direct-gifts/direct-gifts.ts';
import { HELP_STREAM_PREFIX } from './help.events.ts';
import { hasLiveKeySql, streamVersionSql } from '#server/event-store/queries';

/**
 * The help module's part of erasing a person (issue 29): every help request they made whose data key
 * still exists. Each gets a PersonalDataErased on its stream: the read model drops the title, story,
 * beneficiary, payout details, answers, updates and the withdrawals' contact numbers, and takes the
 * request off the public list and page; its key is destroyed, so the documents and the screenshots of
 * the gifts made to it (sealed under it) are unreadable, and those files are removed. The
 * screenshots of gifts the person gave to others' requests are removed too.
 */
export const helpErasurePart: ErasurePart = {
  async find(services: Services, tx: Queryable, target: ErasureTarget): Promise<ErasureFound> {
    if (target.userId === null) return { streams: {}, counts: {}, kept: [], shred: async () => {} };
    const { rows } = await tx.query<{ stream_id: string; version: number; withdrawals: number; gifts: number }>(
      `SELECT s.stream_id, ${streamVersionSql('s.stream_id')} AS version,
              (SELECT count(*)::int FROM help_disbursements d WHERE d.request_id = r.id) AS withdrawals,
              (SELECT count(*)::int FROM help_gifts g WHERE g.request_id = r.id) AS gifts
         FROM help_requests r
         CROSS JOIN LATERAL (SELECT $2 || r.id AS stream_id) s
        WHERE r.requester_id = $1
          AND ${hasLiveKeySql('s.stream_id')} AND ${streamVersionSql('s.stream_id')} IS NOT NULL
        ORDER BY r.id`,
      [target.userId, HELP_STREAM_PREFIX],
    );
    const { rows: given } = await tx.query<{ request_id: string; screenshot_file_id: string }>(
      `SELECT request_id, screenshot_file_id FROM help_gifts WHERE giver_id = $1`,
      [target.userId],
    );
    return {
      streams: Object.fromEntries(rows.map((row) => [row.stream_id, row.version])),
      counts: {
        helpRequests: rows.length,
        withdrawals: rows.reduce((sum, row) => sum + row.withdrawals, 0),
        giftsReceived: rows.reduce((sum, row) => sum + row.gifts, 0),
        giftScreenshotsGiven: given.length,
      },
      kept: [],
      async shred(shredTx) {
        for (const { stream_id: subjectId } of rows) {
          await services.vault.destroyKey(shredTx, subjectId);
          await services.files.removeAllOf(subjectId, shredTx);
        }
        for (const gift of given) {
          await services.files.remove(gift.screenshot_file_id, { subjectId: `${HELP_STREAM_PREFIX}${gift.request_id}`, kind: GIFT_SCREENSHOT_FILE_KIND, tx: shredTx });
        }
      },
    };
  },
};
