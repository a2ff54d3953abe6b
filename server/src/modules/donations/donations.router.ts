import { router } from '#server/trpc/procedures';
import { cancelDonationRoute } from './verification/cancel-donation.route.ts';
import { createDonationRoute } from './giving/create-donation.route.ts';
import { getDonationStatusRoute } from './giving/get-donation-status.route.ts';
import { getDonationRoute } from './verification/get-donation.route.ts';
import { getManyDonationsRoute } from './verification/get-many-donations.route.ts';
import { getMyDonationsRoute } from './giving/get-my-donations.route.ts';
import { recordOfflineDonationRoute } from './verification/record-offline-donation.route.ts';
import { recordDonorIdRoute } from './verification/record-donor-id.route.ts';
import { recordPanNameRoute } from './verification/record-pan-name.route.ts';
import { getForm10BDYearRoute, recordForm10BDFilingRoute } from './exports/form-10bd.route.ts';
import { rejectDonationRoute } from './verification/reject-donation.route.ts';
import { retainedReceiptsRoute } from './receipts/retained-receipts.route.ts';
import { requestStatementCodeRoute, verifyStatementCodeRoute } from './statements/statement-code.route.ts';
import { submitProofRoute } from './giving/submit-proof.route.ts';
import { confirmOnlinePaymentRoute } from './online/confirm-online-payment.route.ts';
import { flaggedPaymentsRoute } from './online/flagged-payments.route.ts';
import { refundOnlinePaymentRoute } from './online/refund-online-payment.route.ts';
import { resolveFlaggedPaymentRoute } from './online/resolve-flagged-payment.route.ts';
import { payOnlineRoute } from './online/pay-online.route.ts';
import { verifyDonationRoute } from './verification/verify-donation.route.ts';
import { getMonthlyPlanRoute, manageMonthlyPlanRoute, monthlyPlansRoute, startMonthlyPlanRoute } from './monthly/monthly-plan.route.ts';
import { verifyReceiptRoute } from './receipts/verify-receipt.route.ts';
import { getCertificatesForProofRoute, getMyCertificatesRoute } from './form-10be/donor-certificates.route.ts';
import { form10beDashboardRoute } from './form-10be/form-10be-dashboard.route.ts';
import { listCertificatesRoute } from './form-10be/list-certificates.route.ts';
import { matchCertificateRoute } from './form-10be/match-certificate.route.ts';

export const donationsRouter = router({
  create: createDonationRoute,
  submitProof: submitProofRoute,
  confirmOnlinePayment: confirmOnlinePaymentRoute,
  payOnline: payOnlineRoute,
  getStatus: getDonationStatusRoute,
  verifyReceipt: verifyReceiptRoute,
  getMine: getMyDonationsRoute,
  requestStatementCode: requestStatementCodeRoute,
  verifyStatementCode: verifyStatementCodeRoute,
  form10be: router({ getForProof: getCertificatesForProofRoute, getMine: getMyCertificatesRoute }),
  monthly: router({ start: startMonthlyPlanRoute, get: getMonthlyPlanRoute, manage: manageMonthlyPlanRoute }),
  admin: router({
    getMany: getManyDonationsRoute,
    get: getDonationRoute,
    verify: verifyDonationRoute,
    reject: rejectDonationRoute,
    cancel: cancelDonationRoute,
    refund: refundOnlinePaymentRoute,
    flaggedPayments: flaggedPaymentsRoute,
    resolveFlaggedPayment: resolveFlaggedPaymentRoute,
    monthlyPlans: monthlyPlansRoute,
    recordOffline: recordOfflineDonationRoute,
    recordDonorId: recordDonorIdRoute,
    recordPanName: recordPanNameRoute,
    form10bd: router({ get: getForm10BDYearRoute, recordFiling: recordForm10BDFilingRoute }),
    retainedReceipts: retainedReceiptsRoute,
    form10be: router({ getMany: listCertificatesRoute, match: matchCertificateRoute, dashboard: form10beDashboardRoute }),
  }),
});
