/** The help module's public face for other modules and the web renderer. */
export { findHelpRequestOpenForGifts, getPublicRequest, HELP_NOT_OPEN_FOR_GIFTS, listPublicRequests, listPublishedRequestIds } from './requests/help-reads.ts';
export type { DirectGiftConfirmed, DirectGiftDecided, DisbursementPaid, HelpRequestClosed, HelpRequestPublished } from './help.events.ts';
export type { THelpList, TPublicHelpRequestDetail } from './help.schema.ts';
// The commands the benchmark (bench/help) drives.
export { requestHelp, checkIdentity, publishRequest } from './requests/help-commands.ts';
export { submitGift, confirmGift } from './direct-gifts/direct-gifts.ts';
export { requestDisbursement } from './disbursements/disbursements.ts';
export { applyDonationToRequest } from './earmark-donations.job.ts';
export { helpStreamId } from './help.events.ts';
// The staff queues the admin dashboard gathers.
export { countDisbursementsToApprove, countDisbursementsToPay, countGiftDisputes, countHelpRequestsToVerify } from './help-queues.ts';
// The audit search finds a request from a disbursement's or a gift's ID.
export { findRequestOfDisbursementOrGift } from './requests/help-lookup.ts';
export { HELP_DISBURSEMENT_ID_STREAM_PREFIX } from './help.events.ts';
// The admin dashboard's charts.
export { countHelpRequestsByStatus, sumWithdrawalsPaidByMonth } from './dashboard-charts.ts';

// Its part of erasing a person (issue 29).
export { helpErasurePart } from './erase-requester.ts';
