import type { Queryable } from '#server/db/db';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The help request a disbursement or a direct gift belongs to (by its ID, a UUID); null when neither has that ID. */
export async function findRequestOfDisbursementOrGift(db: Queryable, id: string): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<{ request_id: string }>(
    `SELECT request_id FROM help_disbursements WHERE disbursement_id = $1::uuid
     UNION ALL SELECT request_id FROM help_gifts WHERE gift_id = $1::uuid
     LIMIT 1`,
    [id.toLowerCase()],
  );
  return rows[0]?.request_id ?? null;
}
