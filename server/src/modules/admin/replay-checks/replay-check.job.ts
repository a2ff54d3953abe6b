import { z } from 'zod';
import { handleCommand } from '#server/event-store/command-handler';
import { replayAndCompare, selectProjections } from '#server/event-store/replay';
import { defineJob } from '#server/queue/job';
import { replayCheckStreamId, type ReplayCheckCompleted, type ReplayCheckRequested } from './replay-checks.ts';
import { countEvents, streamVersion } from '#server/event-store/queries';

/** Rows kept per difference and direction: enough to see what is wrong, not the whole table. */
const ROWS_SHOWN = 20;

/**
 * Runs a requested check: every read model rebuilt from the events into fresh tables and compared
 * with the live ones (the replay comparison of `npm run replay`), one projection per REPEATABLE
 * READ transaction that only reads the live tables, so requests go on meanwhile. Progress (events
 * replayed of the total) is written after each batch for the console's bar. Run again (a retry, a
 * second delivery), a finished check is left as it is.
 */
export const replayCheckJob = defineJob<ReplayCheckRequested, { checkId: string }>({
  name: 'replay-check',
  on: ['ReplayCheckRequested'],
  payload: z.object({ checkId: z.string().uuid() }),
  async run({ event, payload }, context) {
    const { db, eventStore } = context;
    const { checkId } = payload;
    const { rows } = await db.query<{ status: string }>(`SELECT status FROM read_model_checks WHERE check_id = $1::uuid`, [checkId]);
    if (!rows[0] || rows[0].status === 'done' || rows[0].status === 'failed') return;

    // Each projection replays the events of its own types: the total counts an event once per projection that handles it.
    let total = 0;
    for (const projection of selectProjections(eventStore)) {
      total += await countEvents(db, { types: projection.handles });
    }
    await db.query(`UPDATE read_model_checks SET status = 'running', events_total = $2, events_replayed = 0 WHERE check_id = $1::uuid`, [checkId, total]);

    const metadata = { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId };
    let completed: ReplayCheckCompleted['data'];
    let row: { status: 'done' | 'failed'; result: string | null; error: string | null };
    // Progress is written beside the replay's transaction, not awaited by it: on PostgreSQL another
    // connection commits it at once; the embedded database runs one transaction at a time, so there
    // it lands between projections. All are settled before the outcome is written.
    const progress: Promise<unknown>[] = [];
    try {
      const results = await replayAndCompare(context, undefined, {
        rowLimit: ROWS_SHOWN,
        onProgress: (replayed) => {
          progress.push(
            db
              .query(`UPDATE read_model_checks SET events_replayed = GREATEST(events_replayed, $2) WHERE check_id = $1::uuid AND status = 'running'`, [checkId, replayed])
              .catch((error: unknown) => context.log.warn({ err: error, checkId }, 'could not write the check’s progress')),
          );
        },
      });
      await Promise.all(progress);
      const result = results.map((one) => ({
        projection: one.projection,
        events: one.events,
        isEqual: one.differences.length === 0,
        differences: one.differences.map(({ table, onlyInLive, onlyInReplay, onlyInLiveCount, onlyInReplayCount }) => ({ table, onlyInLive, onlyInReplay, onlyInLiveCount, onlyInReplayCount })),
      }));
      completed = {
        checkId,
        outcome: result.every((one) => one.isEqual) ? 'equal' : 'different',
        projections: results.map((one) => ({
          projection: one.projection,
          events: one.events,
          onlyInLive: one.differences.reduce((sum, difference) => sum + difference.onlyInLiveCount, 0),
          onlyInReplay: one.differences.reduce((sum, difference) => sum + difference.onlyInReplayCount, 0),
        })),
        finishedAt: context.now().toISOString(),
      };
      row = { status: 'done', result: JSON.stringify(result), error: null };
    } catch (error) {
      await Promise.allSettled(progress);
      completed = { checkId, outcome: 'failed', projections: [], finishedAt: context.now().toISOString() };
      row = { status: 'failed', result: null, error: error instanceof Error ? error.message : String(error) };
    }

    // The outcome's event and the row change together, once: a second delivery finds the check finished.
    const streamId = replayCheckStreamId(checkId);
    await handleCommand<boolean, ReplayCheckCompleted>(context, {
      async read(tx) {
        const { rows: current } = await tx.query<{ status: string }>(`SELECT status FROM read_model_checks WHERE check_id = $1::uuid FOR UPDATE`, [checkId]);
        return { state: current[0]?.status === 'running', versions: { [streamId]: await streamVersion(tx, streamId) } };
      },
      decide: (isRunning) => (isRunning ? [{ streamId, events: [{ type: 'ReplayCheckCompleted', data: completed }] }] : []),
      metadata,
      async onRecorded(tx) {
        await tx.query(`UPDATE read_model_checks SET status = $2, result = $3::jsonb, error = $4, finished_at = $5 WHERE check_id = $1::uuid`, [
          checkId,
          row.status,
          row.result,
          row.error,
          completed.finishedAt,
        ]);
      },
    });
  },
});
