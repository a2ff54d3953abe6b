import { router } from '#server/trpc/procedures';
import { answerHelpQuestionRoute } from './answer-help-question.route.ts';
import { approveDisbursementRoute } from './approve-disbursement.route.ts';
import { askHelpQuestionRoute } from './ask-help-question.route.ts';
import { checkHelpIdentityRoute } from './check-help-identity.route.ts';
import { closeHelpRequestRoute } from './close-help-request.route.ts';
import { confirmGiftRoute } from './confirm-gift.route.ts';
import { decideGiftDisputeRoute } from './decide-gift-dispute.route.ts';
import { disputeGiftRoute } from './dispute-gift.route.ts';
import { extendHelpRequestRoute } from './extend-help-request.route.ts';
import { getDisbursementsRoute } from './get-disbursements.route.ts';
import { getGiftDisputesRoute } from './get-gift-disputes.route.ts';
import { getGiftsForRequestRoute } from './get-gifts-for-request.route.ts';
import { getGivenGiftsRoute } from './get-given-gifts.route.ts';
import { getHelpQueueRoute } from './get-help-queue.route.ts';
import { getHelpRequestDetailRoute } from './get-help-request-detail.route.ts';
import { getHelpRequestRoute } from './get-help-request.route.ts';
import { getManyDisbursementsRoute } from './get-many-disbursements.route.ts';
import { getManyHelpRequestsRoute } from './get-many-help-requests.route.ts';
import { getMyHelpRequestsRoute } from './get-my-help-requests.route.ts';
import { markDisbursementPaidRoute } from './mark-disbursement-paid.route.ts';
import { postHelpUpdateRoute } from './post-help-update.route.ts';
import { publishHelpRequestRoute } from './publish-help-request.route.ts';
import { rejectDisbursementRoute } from './reject-disbursement.route.ts';
import { rejectHelpRequestRoute } from './reject-help-request.route.ts';
import { requestDisbursementRoute } from './request-disbursement.route.ts';
import { revealDisbursementDetailsRoute } from './reveal-disbursement-details.route.ts';
import { revealHelpBeneficiaryRoute } from './reveal-help-beneficiary.route.ts';
import { staffCloseHelpRequestRoute } from './staff-close-help-request.route.ts';
import { staffPostHelpUpdateRoute } from './staff-post-help-update.route.ts';

/**
 * The help procedures (PRODUCT.md §8). A member asks for help through REST (a multipart form with
 * the documents, POST /api/help); everything else is here. The public reads see published and
 * closed requests only; `verification` staff see and decide the rest.
 */
export const helpRouter = router({
  list: getManyHelpRequestsRoute,
  get: getHelpRequestRoute,
  mine: getMyHelpRequestsRoute,
  answer: answerHelpQuestionRoute,
  close: closeHelpRequestRoute,
  postUpdate: postHelpUpdateRoute,
  /** The beneficiary's withdrawals of money the foundation holds for their request. */
  disbursements: router({
    get: getDisbursementsRoute,
    request: requestDisbursementRoute,
  }),
  /** Direct gifts: the beneficiary confirms or disputes them; a giver sees their own. */
  gifts: router({
    forRequest: getGiftsForRequestRoute,
    given: getGivenGiftsRoute,
    confirm: confirmGiftRoute,
    reject: disputeGiftRoute,
  }),
  admin: router({
    gifts: router({
      getDisputes: getGiftDisputesRoute,
      decide: decideGiftDisputeRoute,
    }),
    disbursements: router({
      getMany: getManyDisbursementsRoute,
      details: revealDisbursementDetailsRoute,
      approve: approveDisbursementRoute,
      reject: rejectDisbursementRoute,
      markPaid: markDisbursementPaidRoute,
    }),
    getMany: getHelpQueueRoute,
    get: getHelpRequestDetailRoute,
    reveal: revealHelpBeneficiaryRoute,
    checkIdentity: checkHelpIdentityRoute,
    ask: askHelpQuestionRoute,
    publish: publishHelpRequestRoute,
    reject: rejectHelpRequestRoute,
    close: staffCloseHelpRequestRoute,
    postUpdate: staffPostHelpUpdateRoute,
    extend: extendHelpRequestRoute,
  }),
});
