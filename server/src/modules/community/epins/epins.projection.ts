import type { Projection } from '#server/event-store/types';
import type { EpinEvent } from './epin.events.ts';

/** The invite-code read model: who holds each code, who used it, and until when a shared link keeps it. */
export const epinsProjection: Projection<'epins', EpinEvent> = {
  name: 'epins',
  tables: ['epins'],
  handles: ['EpinGenerated', 'EpinUsed', 'EpinTransferred', 'EpinReserved'],
  async apply(event, { tx, tables }) {
    switch (event.type) {
      case 'EpinGenerated':
        await tx.query(
          `INSERT INTO ${tables.epins} (code, generated_by, held_by, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (code) DO NOTHING`,
          [event.data.code, event.data.generatedBy, event.data.heldBy, event.data.generatedAt],
        );
        return;
      case 'EpinUsed':
        await tx.query(`UPDATE ${tables.epins} SET used_by = $2, used_at = $3 WHERE code = $1`, [
          event.data.code,
          event.data.usedBy,
          event.data.usedAt,
        ]);
        return;
      case 'EpinTransferred':
        await tx.query(`UPDATE ${tables.epins} SET held_by = $2, reserved_until = NULL WHERE code = $1`, [event.data.code, event.data.to]);
        return;
      case 'EpinReserved':
        await tx.query(`UPDATE ${tables.epins} SET reserved_until = $2 WHERE code = $1`, [event.data.code, event.data.reservedUntil]);
        return;
      case 'EpinsSent':
      case 'EpinsReceived':
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};
