import type { SahayModule } from '#server/modules/module';
import { pruneRateLimitsJob } from './prune-rate-limits.job.ts';
import { pruneRequestAddressesJob } from './prune-request-addresses.job.ts';
import { sweepFilesJob } from './sweep-files.job.ts';

/**
 * Upkeep of what the platform itself owns (rate limits, the request addresses kept apart from the events, the file store's leftovers) rather than a feature:
 * no events, no routes, only schedules.
 */
export const platformModule: SahayModule = { name: 'platform', schedules: [pruneRateLimitsJob, pruneRequestAddressesJob, sweepFilesJob] };
