import { recordOnStream } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { retainedReceiptsAccessStreamId, type RetainedReceipt, type RetainedReceiptsViewed } from '../donations.events.ts';
import type { TRetainedReceiptsResponse } from './retained-receipts.schema.ts';

/**
 * The receipt data kept past donors' erasures (issue 29), revealed for `finance` only (the route's
 * permission): still kept first, by the day they go. A shredded one shows its serial and dates only.
 */
export async function listRetainedReceipts(services: Services, input: { reference?: string }, meta: RequestMeta): Promise<TRetainedReceiptsResponse> {
  const { rows } = await services.db.query<{ reference: string; receipt_serial: string; financial_year: string; kept_until: string; record: unknown }>(
    `SELECT reference, receipt_serial, financial_year, to_char(kept_until, 'YYYY-MM-DD') AS kept_until, record
       FROM donation_receipt_retention WHERE ($1::text IS NULL OR reference = $1)
      ORDER BY record IS NULL, kept_until, reference LIMIT 500`,
    [input.reference ?? null],
  );
  // Every read that shows kept receipt data is in the access log, recorded before anything is revealed (as a document view).
  const shown = rows.filter((row) => row.record !== null).map((row) => row.reference);
  if (shown.length > 0) {
    const look: RetainedReceiptsViewed = { type: 'RetainedReceiptsViewed', data: { references: shown, viewerId: meta.actor, viewedAt: services.now().toISOString() } };
    await recordOnStream(services, retainedReceiptsAccessStreamId(meta.actor), [look], eventMetadata(meta));
  }
  const cache = new Map<string, Buffer | null>();
  const receipts = [];
  for (const row of rows) {
    const record = row.record === null ? null : await services.vault.reveal<RetainedReceipt>(services.db, row.record, cache);
    receipts.push({
      reference: row.reference,
      serial: row.receipt_serial,
      financialYear: row.financial_year,
      keptUntil: row.kept_until,
      receipt: record && { name: record.name, pan: record.pan, address: record.address, amountPaise: record.amountPaise, receivedOn: record.receivedOn },
    });
  }
  return { receipts };
}
