import { router } from '#server/trpc/procedures';
import { answerHelpQuestionRoute } from './requests/answer-help-question.route.ts';
import { approveDisbursementRoute } from './disbursements/approve-disbursement.route.ts';
import { askHelpQuestionRoute } from './requests/ask-help-question.route.ts';
import { checkHelpIdentityRoute } from './requests/check-help-identity.route.ts';
import { closeHelpRequestRoute } from './requests/close-help-request.route.ts';
import { confirmGiftRoute } from './direct-gifts/confirm-gift.route.ts';
import { settleGiftDisputeRoute } from './direct-gifts/settle-gift-dispute.route.ts';
import { disputeGiftRoute } from './direct-gifts/dispute-gift.route.ts';
import { extendHelpRequestRoute } from './requests/extend-help-request.route.ts';
import { getDisbursementsRoute } from './disbursements/get-disbursements.route.ts';
import { getGiftDisputesRoute } from './direct-gifts/get-gift-disputes.route.ts';
import { getGiftsForRequestRoute } from './direct-gifts/get-gifts-for-request.route.ts';
import { getGivenGiftsRoute } from './direct-gifts/get-given-gifts.route.ts';
import { getHelpQueueRoute } from './requests/get-help-queue.route.ts';
import { getHelpRequestDetailRoute } from './requests/get-help-request-detail.route.ts';
import { getHelpRequestRoute } from './requests/get-help-request.route.ts';
import { getManyDisbursementsRoute } from './disbursements/get-many-disbursements.route.ts';
import { getManyHelpRequestsRoute } from './requests/get-many-help-requests.route.ts';
import { getMyHelpRequestsRoute } from './requests/get-my-help-requests.route.ts';
import { markDisbursementPaidRoute } from './disbursements/mark-disbursement-paid.route.ts';
import { postHelpUpdateRoute } from './requests/post-help-update.route.ts';
import { publishHelpRequestRoute } from './requests/publish-help-request.route.ts';
import { rejectDisbursementRoute } from './disbursements/reject-disbursement.route.ts';
import { rejectHelpRequestRoute } from './requests/reject-help-request.route.ts';
import { requestDisbursementRoute } from './disbursements/request-disbursement.route.ts';
import { revealDisbursementDetailsRoute } from './disbursements/reveal-disbursement-details.route.ts';
import { revealHelpBeneficiaryRoute } from './requests/reveal-help-beneficiary.route.ts';
import { staffCloseHelpRequestRoute } from './requests/staff-close-help-request.route.ts';
import { staffPostHelpUpdateRoute } from './requests/staff-post-help-update.route.ts';

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
      decide: settleGiftDisputeRoute,
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
