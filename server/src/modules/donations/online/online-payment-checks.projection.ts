import type { Projection } from '#server/event-store/types';
import type { OnlinePaymentsChecked } from '../donations.events.ts';

/** The nightly checks of online payments, one row per day in India, for finance's page (decisions 069, 081: with the day's settlements). Inline. IDs and amounts only. */
export const onlinePaymentChecksProjection: Projection<'online_payment_checks', OnlinePaymentsChecked> = {
  name: 'online_payment_checks',
  tables: ['online_payment_checks'],
  handles: ['OnlinePaymentsChecked'],
  async apply(event, { tx, tables }) {
    switch (event.type) {
      case 'OnlinePaymentsChecked': {
        const { data } = event;
        await tx.query(
          `INSERT INTO ${tables.online_payment_checks} (date, captured_count, captured_paise, verified_count, verified_paise, differences, settlements, checked_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (date) DO NOTHING`,
          [data.date, data.capturedCount, data.capturedPaise, data.verifiedCount, data.verifiedPaise, JSON.stringify(data.differences), data.settlements ? JSON.stringify(data.settlements) : null, data.checkedAt],
        );
        return;
      }
      default: {
        const unhandled: never = event.type;
        return unhandled;
      }
    }
  },
};
