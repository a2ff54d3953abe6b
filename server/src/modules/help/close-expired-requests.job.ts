import { AppError } from '#server/errors/app-error';
import { handleCommand, type CommandServices } from '#server/event-store/command-handler';
import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import type { ScheduledJob } from '#server/queue/queue';
import { decideClose, evolveHelpRequest, isPastClosing, noHelpRequest, type HelpRequestState } from './help-request.decider.ts';
import { helpStreamId, type HelpRequestEvent } from './help.events.ts';

const HOUR_MS = 60 * 60 * 1000;
const BATCH = 200;

/**
 * Closes, as expired, every published request whose closing date has come in India as of `asOf`
 * (the schedule's slot, never the clock, so a retried slot decides the same). The read model only
 * lists candidates; each is decided on its own stream, so a request extended meanwhile stays open
 * and one closed by a person meanwhile records nothing. Returns how many were closed.
 */
export async function closeExpiredHelpRequests(services: CommandServices, asOf: Date): Promise<number> {
  const today = indiaToday(asOf);
  let closed = 0;
  let after = '';
  for (;;) {
    const { rows } = await services.db.query<{ id: string }>(
      `SELECT id FROM help_requests WHERE status = 'published' AND closes_on <= $1::date AND id > $2 ORDER BY id LIMIT $3`,
      [today, after, BATCH],
    );
    for (const { id } of rows) {
      const { events } = await handleCommand<HelpRequestState, HelpRequestEvent>(services, {
        streamId: helpStreamId(id),
        evolve: evolveHelpRequest,
        initialState: noHelpRequest,
        decide: (state) => (isPastClosing(state, today) ? decideClose({ requestId: id, reason: 'expired', closedBy: null, now: asOf }, state) : []),
        metadata: { actor: 'system', correlationId: `close-expired-help-requests:${asOf.toISOString()}` },
      }).catch((error: unknown) => {
        // Another decision made meanwhile (closed by its requester, say): nothing left to close.
        if (error instanceof AppError && error.code === 'CONFLICT') return { events: [] };
        throw error;
      });
      closed += events.length;
    }
    if (rows.length < BATCH) return closed;
    after = rows.at(-1)!.id;
  }
}

/** Hourly: a request closes within the hour after its closing day begins in India. */
export const closeExpiredHelpRequestsJob: ScheduledJob = {
  name: 'close-expired-help-requests',
  everyMs: HOUR_MS,
  async run(job, context) {
    const closed = await closeExpiredHelpRequests(context, job.scheduledAt);
    if (closed > 0) context.log.info({ jobId: job.id, closed }, 'help requests past their closing date closed');
  },
};
