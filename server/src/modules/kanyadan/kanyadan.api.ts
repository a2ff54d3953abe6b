/**
 * What other modules, the platform, the tools and the benchmarks may use of the Kanyadan module:
 * the event types the site's counters react to, the commands the tools and benchmarks drive, and
 * the document checks, processing and PDF page images the help module reuses.
 * Everything else in this folder is internal.
 */
export type { KanyadanApplicationVerified, KanyadanBenefitDisbursed, KanyadanEvent } from './kanyadan.events.ts';
export { kanyadanStreamId, KANYADAN_STREAM_PREFIX } from './kanyadan.events.ts';
export { submitApplication } from './submission/submit-application.ts';
export { kanyadanErasurePart } from './erasure/erase-applicant.ts';
export { eraseApplication, verifyApplication, rejectApplication, requestBenefit, approveBenefit, disburseBenefit } from './application-commands.ts';
export { DOCUMENT_IMAGE, MAX_DOCUMENT_PAGES, processApplicationDocuments } from './documents/process-documents.job.ts';
export { listApplications, renderPdfPage } from './application-reads.ts';
// A document opened as its page opens it (the view recorded): tests and benchmarks open them before verifying, as a verifier must.
export { viewDocument } from './application-reads.ts';
// The document checks and processing the help module's documents share ("processed and stored as the Kanyadan documents are").
export { checkFiles } from './submission/submit-application.ts';
export { countApplicationsToVerify, countKanyadanFinanceWork } from './review/application-queues.ts';
// The admin dashboard's charts.
export { countApplicationsByWeekAndState, sumBenefitsPaidByMonth } from './dashboard-charts.ts';
