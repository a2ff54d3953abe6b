/**
 * What other modules, the platform and the benchmarks may use of the donations module: the event
 * types other modules' projections react to (site's counters, community's impact), and the commands
 * the tools and benchmarks drive. Everything else in this folder is internal.
 */
export type { Cause, DonationCancelled, DonationEvent, DonationMode, DonationPledged, DonationStatus, DonationVerified, ReceiptRendered } from './donations.events.ts';
export { DONATION_CAUSES, DONATION_MODES, DONATION_STATUSES, donationStreamId } from './donations.events.ts';
export { createDonation } from './giving/create-donation.ts';
export { submitProof } from './giving/submit-proof.ts';
export { verifyDonation } from './verification/verify-donation.ts';
export { rejectDonation } from './verification/reject-donation.ts';
export { cancelDonation } from './verification/cancel-donation.ts';
export { recordOfflineDonation } from './verification/record-offline-donation.ts';
export { eraseDonation } from './erase-donation.ts';
export { donationsErasurePart, RECEIPT_RETENTION_WHY } from './erase-donor.ts';
export { shredRetainedReceipts } from './receipts/shred-retained-receipts.job.ts';
export { markAbandonedDonations } from './giving/mark-abandoned-donations.job.ts';
export { indiaDateOf } from './receipts/receipt-serial.ts';
export { renderDonationReceiptJob } from './receipts/render-donation-receipt.job.ts';
export { countDonationsToVerify, countForm10BDRevisionWork } from './donation-queues.ts';
export { findDonationByReceiptSerial } from './giving/donation-lookup.ts';
// The admin dashboard's charts.
export { sumDonationsReceivedByMonth } from './dashboard-charts.ts';
// Drawing a receipt, for the benches and the check that a receipt issued before issue 31 keeps its bytes.
export { renderReceiptPdf, type ReceiptPdfInput } from './receipts/receipt-pdf.ts';
// The receipt's own mask of a PAN, for every other paper that prints one (the dispute bundle, issue 32).
export { maskPan } from './receipts/receipt-pdf.ts';
// Razorpay's signatures, for the local gateway the tests start (testing/razorpay-gateway.ts).
export { razorpaySignature } from './online/razorpay-client.ts';
// Whether the gateway's webhook deliveries are taken, for the System health page (decision 078).
export { readWebhookHealth, type WebhookHealth } from './online/webhook-health.ts';
