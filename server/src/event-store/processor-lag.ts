import type { Queryable } from '#server/db/db';
import { asyncProjectionProcessorName } from './async-projections.ts';
import type { EventStore } from './event-store.ts';
import { RELAY_PROCESSOR } from './relay.ts';

/** How far behind the last committed event a processor is (issue 34): for /metrics and the System health page. */
export interface ProcessorLag {
  processor: string;
  /** Committed events after its checkpoint, counted up to LAG_COUNT_CAP. */
  events: number;
  /** Age of the oldest committed event after its checkpoint, by the database's clock; 0 when it is caught up. */
  seconds: number;
  /** When the oldest committed event after its checkpoint was recorded; null when it is caught up. */
  oldestPendingAt: Date | null;
}

/** A processor further behind than this is reported as this many: the count must stay cheap to scrape. */
export const LAG_COUNT_CAP = 100_000;

/**
 * The lag of each named processor that has a checkpoint (one that never ran has none yet, and is not
 * listed). Counts every event after the checkpoint: a processor of a few types moves its checkpoint
 * past the others' events at each poll (processor.ts, lastSettledPosition), so those count only until
 * its next poll, a second by default. Names only, not every row of processor_checkpoints: a processor
 * since removed from the code would otherwise fall further behind for ever.
 */
export async function readProcessorLag(db: Queryable, processors: readonly string[]): Promise<ProcessorLag[]> {
  if (processors.length === 0) return [];
  const { rows } = await db.query<{ processor: string; events: number; seconds: number | string | null; oldest: Date | null }>(
    `SELECT c.processor, oldest.recorded_at AS oldest,
            (SELECT count(*) FROM (
               SELECT 1 FROM events e WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position) LIMIT $2
             ) behind)::int AS events,
            EXTRACT(EPOCH FROM now() - oldest.recorded_at)::float8 AS seconds
       FROM processor_checkpoints c
       LEFT JOIN LATERAL (
         SELECT e.recorded_at FROM events e
          WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
          ORDER BY e.transaction_id, e.global_position LIMIT 1
       ) oldest ON true
      WHERE c.processor = ANY($1::text[])
      ORDER BY c.processor`,
    [processors, LAG_COUNT_CAP],
  );
  return rows.map((row) => ({ processor: row.processor, events: row.events, seconds: Math.max(0, Number(row.seconds ?? 0)), oldestPendingAt: row.oldest }));
}

/** The processors this code runs, whose lag is reported: the relay and each async projection. */
export function processorNames(eventStore: EventStore): string[] {
  return [RELAY_PROCESSOR, ...eventStore.asyncProjections.map(asyncProjectionProcessorName)];
}
