import type { Projection } from '#server/event-store/types';
import type { EpinEvent } from './epin.events.ts';

/** One row per transfer, for the sender's and the receiver's Report tab. */
export const epinTransfersProjection: Projection<'epin_transfers', EpinEvent> = {
  name: 'epin_transfers',
  tables: ['epin_transfers'],
  handles: ['EpinsSent'],
  async apply(event, { tx, tables }) {
    if (event.type !== 'EpinsSent') return;
    await tx.query(
      `INSERT INTO ${tables.epin_transfers} (transfer_id, from_user, to_user, codes, transferred_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (transfer_id) DO NOTHING`,
      [event.data.transferId, event.data.from, event.data.to, event.data.codes.length, event.data.transferredAt],
    );
  },
};
