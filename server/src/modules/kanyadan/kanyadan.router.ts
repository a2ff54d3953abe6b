import { router } from '#server/trpc/procedures';
import { approveBenefitRoute } from './review/approve-benefit.route.ts';
import { disburseBenefitRoute } from './review/disburse-benefit.route.ts';
import { eraseApplicationRoute } from './erasure/erase-application.route.ts';
import { getApplicationStatusRoute } from './get-application-status.route.ts';
import { getApplicationRoute } from './review/get-application.route.ts';
import { getManyApplicationsRoute } from './review/get-many-applications.route.ts';
import { recordFeeRoute } from './review/record-fee.route.ts';
import { rejectApplicationRoute } from './review/reject-application.route.ts';
import { revealApplicantRoute } from './review/reveal-applicant.route.ts';
import { submitFeeProofRoute } from './submit-fee-proof.route.ts';
import { verifyApplicationRoute } from './review/verify-application.route.ts';

/**
 * The Kanyadan procedures. The family submits through REST (a multipart form with the documents);
 * everything else is here. `verification` sees and decides applications; `finance` sees the queue
 * (masked) and records money (fee, approval, payment); only `verification` opens personal data.
 */
export const kanyadanRouter = router({
  getStatus: getApplicationStatusRoute,
  submitFeeProof: submitFeeProofRoute,
  admin: router({
    getMany: getManyApplicationsRoute,
    get: getApplicationRoute,
    reveal: revealApplicantRoute,
    verify: verifyApplicationRoute,
    reject: rejectApplicationRoute,
    recordFee: recordFeeRoute,
    approveBenefit: approveBenefitRoute,
    disburse: disburseBenefitRoute,
    erase: eraseApplicationRoute,
  }),
});
