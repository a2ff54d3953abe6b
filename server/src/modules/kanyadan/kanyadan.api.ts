/**
 * What other modules, the platform, the tools and the benchmarks may use of the Kanyadan module:
 * the event types the site's counters react to, and the commands the tools and benchmarks drive.
 * Everything else in this folder is internal.
 */
export type { KanyadanApplicationVerified, KanyadanBenefitDisbursed, KanyadanEvent } from './kanyadan.events.ts';
export { kanyadanStreamId, KANYADAN_STREAM_PREFIX } from './kanyadan.events.ts';
export { submitApplication } from './submit-application.ts';
export { eraseApplication, verifyApplication, rejectApplication, requestBenefit, approveBenefit, disburseBenefit } from './application-commands.ts';
export { DOCUMENT_IMAGE, MAX_DOCUMENT_PAGES, processApplicationDocuments } from './process-documents.job.ts';
export { listApplications } from './application-reads.ts';
