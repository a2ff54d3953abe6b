import { getJobFailure, type JobFailure, listJobFailures } from '#server/queue/job-failures';
import type { Services } from '#server/services';
import { FAILED_JOBS_SHOWN, type TFailedJob, type TGetFailedJobsResponse } from './get-failed-jobs.schema.ts';

/** The DTO: the event's ID and the row's columns stay on the server; times as ISO strings. */
export function toFailedJobDto(failure: JobFailure): TFailedJob {
  const { source } = failure;
  return {
    jobId: failure.jobId,
    name: failure.handler,
    source:
      source.kind === 'event'
        ? { kind: 'event', eventType: source.eventType, streamId: source.streamId }
        : { kind: 'schedule', scheduledAt: source.scheduledAt.toISOString() },
    attempts: failure.attempts,
    lastError: failure.lastError,
    firstFailedAt: failure.firstFailedAt.toISOString(),
    lastFailedAt: failure.lastFailedAt.toISOString(),
    retriedAt: failure.retriedAt?.toISOString() ?? null,
  };
}

export async function getFailedJobs(services: Pick<Services, 'db'>): Promise<TGetFailedJobsResponse> {
  const { failures, total } = await listJobFailures(services.db, FAILED_JOBS_SHOWN);
  return { jobs: failures.map(toFailedJobDto), total };
}

/** Queues the job again on whichever queue this process uses; returns it as now listed (null: done already). */
export async function retryFailedJob(services: Pick<Services, 'db' | 'queue'>, jobId: string): Promise<{ job: TFailedJob | null }> {
  await services.queue.retry(jobId);
  const failure = await getJobFailure(services.db, jobId);
  return { job: failure ? toFailedJobDto(failure) : null };
}
