import type { Queryable } from '#server/db/db';

/** The donation a receipt serial (as printed, e.g. SAHAY/2026-27/000123) was issued for; null when none. */
export async function findDonationByReceiptSerial(db: Queryable, serial: string): Promise<string | null> {
  const { rows } = await db.query<{ reference: string }>(`SELECT reference FROM donations WHERE receipt_serial = $1`, [serial]);
  return rows[0]?.reference ?? null;
}
