import { router } from '#server/trpc/procedures';
import { cancelDonationRoute } from './cancel-donation.route.ts';
import { createDonationRoute } from './create-donation.route.ts';
import { getDonationStatusRoute } from './get-donation-status.route.ts';
import { getDonationRoute } from './get-donation.route.ts';
import { getManyDonationsRoute } from './get-many-donations.route.ts';
import { getMyDonationsRoute } from './get-my-donations.route.ts';
import { recordOfflineDonationRoute } from './record-offline-donation.route.ts';
import { recordDonorIdRoute } from './record-donor-id.route.ts';
import { rejectDonationRoute } from './reject-donation.route.ts';
import { retainedReceiptsRoute } from './retained-receipts.route.ts';
import { requestStatementCodeRoute, verifyStatementCodeRoute } from './statement-code.route.ts';
import { submitProofRoute } from './submit-proof.route.ts';
import { verifyDonationRoute } from './verify-donation.route.ts';
import { verifyReceiptRoute } from './verify-receipt.route.ts';

export const donationsRouter = router({
  create: createDonationRoute,
  submitProof: submitProofRoute,
  getStatus: getDonationStatusRoute,
  verifyReceipt: verifyReceiptRoute,
  getMine: getMyDonationsRoute,
  requestStatementCode: requestStatementCodeRoute,
  verifyStatementCode: verifyStatementCodeRoute,
  admin: router({
    getMany: getManyDonationsRoute,
    get: getDonationRoute,
    verify: verifyDonationRoute,
    reject: rejectDonationRoute,
    cancel: cancelDonationRoute,
    recordOffline: recordOfflineDonationRoute,
    recordDonorId: recordDonorIdRoute,
    retainedReceipts: retainedReceiptsRoute,
  }),
});
