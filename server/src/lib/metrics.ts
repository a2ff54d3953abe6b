import crypto from 'node:crypto';
import client from 'prom-client';

// The process's Prometheus metrics (issue 34, docs/decisions/072). Counters and histograms are the
// process's own, as prom-client's are: a request, an append, a job or a mail adds to them where it
// happens. Figures that are state rather than a count — projection lag, queue depth, the database
// pool — are read when /metrics is scraped (metrics-endpoint.ts), from the services that hold them.
// No label carries personal data or anything a caller chooses: routes are patterns, jobs and
// processors are names in the code, outcomes a fixed few words.

export const registry = new client.Registry();

let isDefaultStarted = false;

/** prom-client's process figures (memory, CPU, event-loop delay, GC); started once, by the first endpoint. */
export function startDefaultMetrics(): void {
  if (isDefaultStarted) return;
  isDefaultStarted = true;
  client.collectDefaultMetrics({ register: registry });
}

export const httpRequestDuration = new client.Histogram({
  name: 'sahay_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, in seconds',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const eventsAppended = new client.Counter({
  name: 'sahay_events_appended_total',
  help: 'Events appended to the event store, by the module whose event type it is',
  labelNames: ['module'] as const,
  registers: [registry],
});

export const jobsRun = new client.Counter({
  name: 'sahay_jobs_total',
  help: 'Job attempts by queue, handler (or schedule) and outcome (completed, retried: failed with attempts left, failed: gave up)',
  labelNames: ['queue', 'handler', 'outcome'] as const,
  registers: [registry],
});

export const jobsFailed = new client.Counter({
  name: 'sahay_jobs_failed_total',
  help: 'Jobs that failed their last attempt (listed for admins in job_failures), by queue and handler (or schedule)',
  labelNames: ['queue', 'handler'] as const,
  registers: [registry],
});

export const mailsSent = new client.Counter({
  name: 'sahay_mails_total',
  help: 'Mails handed to the mail server (or the outbox), by outcome (sent, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const smsSent = new client.Counter({
  name: 'sahay_sms_total',
  help: 'Text messages handed to the SMS gateway (or the outbox), by outcome (sent, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

// Both outcomes from the start, at 0: "failed, and none sent" must be answerable before the first send.
for (const counter of [mailsSent, smsSent]) for (const outcome of ['sent', 'failed']) counter.inc({ outcome }, 0);

export const receiptSerialAllocation = new client.Histogram({
  name: 'sahay_receipt_serial_allocation_seconds',
  help: "Time to take a financial year's receipt serial (the wait for the serial stream's lock and its version)",
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** Counts a send's outcome; the error, if any, goes on to the caller as before. */
export async function countSend(counter: client.Counter<'outcome'>, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    counter.inc({ outcome: 'failed' });
    throw error;
  }
  counter.inc({ outcome: 'sent' });
}

/** Times fn into a histogram, whether it resolves or throws. */
export async function timed<T>(histogram: client.Histogram, fn: () => Promise<T>): Promise<T> {
  const end = histogram.startTimer();
  try {
    return await fn();
  } finally {
    end();
  }
}

/**
 * Whether an Authorization header carries the token, in time that does not depend on how much of it
 * matched: both sides are hashed first, so even their lengths are not compared directly.
 */
export function isMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header ?? '');
  const given = crypto.createHash('sha256').update(match?.[1] ?? '').digest();
  const expected = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, expected) && match !== null;
}

export { client };
