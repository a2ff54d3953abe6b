import { processorNames, readProcessorLag } from '#server/event-store/processor-lag';
import { readDeliveryHealth } from '#server/lib/delivery-health';
import { summarizeJobFailures } from '#server/queue/job-failures';
import type { Services } from '#server/services';
import { DELIVERY_ALERT_MINUTES, PROJECTION_LAG_ALERT_SECONDS, type TSystemAlert, type TSystemHealthResponse } from './system-health.schema.ts';

/** Handler names shown with a failed-jobs alert at most (the Failed jobs page lists them all). */
const HANDLERS_SHOWN = 5;

/**
 * The alerts of the System health page (decision 073), read from the database so that every server
 * process sees what the worker saw: jobs that gave up (job_failures), processors behind
 * (processor_checkpoints), mail or SMS failing for 15 minutes (delivery_health). By the services'
 * clock, so tests can move it.
 */
export async function getSystemHealth(services: Pick<Services, 'db' | 'eventStore' | 'now'>): Promise<TSystemHealthResponse> {
  const now = services.now();
  const alerts: TSystemAlert[] = [];

  // The queue's own record of failed jobs (server/src/queue), read through its function.
  const jobs = await summarizeJobFailures(services.db);
  if (jobs.count > 0 && jobs.since) {
    alerts.push({ kind: 'jobs-failed', since: jobs.since.toISOString(), count: jobs.count, handlers: jobs.handlers.slice(0, HANDLERS_SHOWN) });
  }

  const behind = (await readProcessorLag(services.db, processorNames(services.eventStore)))
    .map((lag) => ({ ...lag, seconds: lag.oldestPendingAt ? Math.max(0, (now.getTime() - lag.oldestPendingAt.getTime()) / 1000) : 0 }))
    .filter((lag) => lag.oldestPendingAt && lag.seconds > PROJECTION_LAG_ALERT_SECONDS);
  if (behind.length > 0) {
    const oldest = Math.min(...behind.map((lag) => lag.oldestPendingAt!.getTime()));
    alerts.push({
      kind: 'projection-lag',
      since: new Date(oldest + PROJECTION_LAG_ALERT_SECONDS * 1000).toISOString(),
      processors: behind.map((lag) => ({ name: lag.processor, events: lag.events, seconds: Math.round(lag.seconds) })),
    });
  }

  for (const delivery of await readDeliveryHealth(services.db)) {
    if (delivery.failingSince && now.getTime() - delivery.failingSince.getTime() >= DELIVERY_ALERT_MINUTES * 60_000) {
      alerts.push({ kind: delivery.channel === 'mail' ? 'mail-failing' : 'sms-failing', since: delivery.failingSince.toISOString(), lastError: delivery.lastError });
    }
  }
  return { alerts, checkedAt: now.toISOString() };
}
