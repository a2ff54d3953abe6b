import type { Projection } from '#server/event-store/types';
import type { OnlinePaymentFlagged, OnlinePaymentFlagResolved } from '../donations.events.ts';

/**
 * The online payments that verified nothing (issue 33, decision 069): another amount or currency
 * than the order's, an order no pledge made, a donation no longer payable, a second payment, a
 * partial refund. One row per payment, for finance's list, open until finance marks it resolved with
 * a note (decision 081). Inline: a flag shows at once. IDs, amounts and finance's note.
 */
export const onlinePaymentFlagsProjection: Projection<'online_payment_flags', OnlinePaymentFlagged | OnlinePaymentFlagResolved> = {
  name: 'online_payment_flags',
  tables: ['online_payment_flags'],
  handles: ['OnlinePaymentFlagged', 'OnlinePaymentFlagResolved'],
  async apply(event, { tx, tables }) {
    switch (event.type) {
      case 'OnlinePaymentFlagged': {
        const { data } = event;
        await tx.query(
          `INSERT INTO ${tables.online_payment_flags} (payment_id, gateway, order_id, reference, reason, paid_paise, paid_currency, expected_paise, flagged_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (payment_id) DO NOTHING`,
          [data.paymentId, data.gateway, data.orderId, data.reference, data.reason, data.paidPaise, data.paidCurrency, data.expectedPaise, data.flaggedAt],
        );
        return;
      }
      case 'OnlinePaymentFlagResolved': {
        const { data } = event;
        await tx.query(`UPDATE ${tables.online_payment_flags} SET resolved_at = $2, resolved_by = $3, resolution_note = $4 WHERE payment_id = $1 AND resolved_at IS NULL`, [
          data.paymentId,
          data.resolvedAt,
          data.resolvedBy,
          data.note,
        ]);
        return;
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};
