/**
 * What other modules, the platform and the benchmarks may use of the donations module: the event
 * types other modules' projections react to (site's counters, community's impact), and the commands
 * the tools and benchmarks drive. Everything else in this folder is internal.
 */
export type { Cause, DonationCancelled, DonationEvent, DonationMode, DonationPledged, DonationStatus, DonationVerified, ReceiptRendered } from './donations.events.ts';
export { DONATION_CAUSES, DONATION_MODES, DONATION_STATUSES, donationStreamId } from './donations.events.ts';
export { createDonation } from './create-donation.ts';
export { submitProof } from './submit-proof.ts';
export { verifyDonation } from './verify-donation.ts';
export { rejectDonation } from './reject-donation.ts';
export { cancelDonation } from './cancel-donation.ts';
export { recordOfflineDonation } from './record-offline-donation.ts';
export { eraseDonation } from './erase-donation.ts';
export { donationsErasurePart, RECEIPT_RETENTION_WHY } from './erase-donor.ts';
export { shredRetainedReceipts } from './shred-retained-receipts.job.ts';
export { markAbandonedDonations } from './mark-abandoned-donations.job.ts';
export { indiaDateOf } from './receipt-serial.ts';
export { renderDonationReceiptJob } from './render-donation-receipt.job.ts';
export { countDonationsToVerify } from './donation-queues.ts';
export { findDonationByReceiptSerial } from './donation-lookup.ts';
// The admin dashboard's charts.
export { sumDonationsReceivedByMonth } from './dashboard-charts.ts';
