import { metaOf } from '#server/trpc/context';
import { adminProcedure, authedProcedure, publicProcedure, router } from '#server/trpc/procedures';
import {
  approveDisbursement,
  getDisbursementsOfRequest,
  listDisbursements,
  markDisbursementPaid,
  rejectDisbursement,
  requestDisbursement,
  revealDisbursementDetails,
} from './disbursements.ts';
import {
  ZDisbursementCreatedSchema,
  ZDisbursementDetailsSchema,
  ZDisbursementIdRequestSchema,
  ZDisbursementQueueQuerySchema,
  ZDisbursementQueueSchema,
  ZDisbursementsOfRequestSchema,
  ZDisbursementStatusSchema,
  ZMarkDisbursementPaidSchema,
  ZRejectDisbursementSchema,
  ZRequestDisbursementSchema,
} from './disbursements.schema.ts';
import { confirmGift, decideDispute, disputeGift, listDisputes, listGiftsForRequest, listGivenGifts } from './direct-gifts.ts';
import {
  ZDecideDisputeSchema,
  ZDirectGiftsSchema,
  ZDirectGiftStatusSchema,
  ZDisputesSchema,
  ZGiftIdRequestSchema,
  ZGivenGiftsSchema,
} from './direct-gifts.schema.ts';
import { answerQuestion, askQuestion, checkIdentity, closeRequest, extendRequest, postUpdate, publishRequest, rejectRequest } from './help-commands.ts';
import { getAdminDetail, getMyRequests, getPublicRequest, listPublicRequests, listQueue, revealBeneficiary } from './help-reads.ts';
import {
  ZAnswerHelpQuestionRequestSchema,
  ZAskHelpQuestionRequestSchema,
  ZCheckHelpIdentityRequestSchema,
  ZCloseHelpRequestSchema,
  ZExtendHelpRequestSchema,
  ZHelpListQuerySchema,
  ZHelpListSchema,
  ZHelpQueueQuerySchema,
  ZHelpQueueSchema,
  ZHelpRequestAdminDetailSchema,
  ZHelpRequestIdRequestSchema,
  ZHelpStatusResponseSchema,
  ZMyHelpRequestsSchema,
  ZPostHelpUpdateSchema,
  ZPublicHelpRequestDetailSchema,
  ZRejectHelpRequestSchema,
  ZRevealHelpBeneficiarySchema,
} from './help.schema.ts';

/**
 * The help procedures (PRODUCT.md §8). A member asks for help through REST (a multipart form with
 * the documents, POST /api/help); everything else is here. The public reads see published and
 * closed requests only; `verification` staff see and decide the rest.
 */
export const helpRouter = router({
  list: publicProcedure
    .input(ZHelpListQuerySchema)
    .output(ZHelpListSchema)
    .query(({ ctx, input }) => listPublicRequests(ctx.services, input)),
  get: publicProcedure
    .input(ZHelpRequestIdRequestSchema)
    .output(ZPublicHelpRequestDetailSchema)
    .query(({ ctx, input }) => getPublicRequest(ctx.services, input.id)),
  mine: authedProcedure.output(ZMyHelpRequestsSchema).query(({ ctx }) => getMyRequests(ctx.services, ctx.user.userId)),
  answer: authedProcedure
    .input(ZAnswerHelpQuestionRequestSchema)
    .output(ZHelpStatusResponseSchema)
    .mutation(({ ctx, input }) => answerQuestion(ctx.services, input, metaOf(ctx))),
  close: authedProcedure
    .input(ZCloseHelpRequestSchema)
    .output(ZHelpStatusResponseSchema)
    .mutation(({ ctx, input }) => closeRequest(ctx.services, { id: input.id, as: 'requester' }, metaOf(ctx))),
  postUpdate: authedProcedure
    .input(ZPostHelpUpdateSchema)
    .output(ZHelpStatusResponseSchema)
    .mutation(({ ctx, input }) => postUpdate(ctx.services, { ...input, by: 'requester' }, metaOf(ctx))),
  /** The beneficiary's withdrawals of money the foundation holds for their request. */
  disbursements: router({
    get: authedProcedure
      .input(ZHelpRequestIdRequestSchema)
      .output(ZDisbursementsOfRequestSchema)
      .query(({ ctx, input }) => getDisbursementsOfRequest(ctx.services, input.id, metaOf(ctx))),
    request: authedProcedure
      .input(ZRequestDisbursementSchema)
      .output(ZDisbursementCreatedSchema)
      .mutation(({ ctx, input }) => requestDisbursement(ctx.services, input, metaOf(ctx))),
  }),
  /** Direct gifts: the beneficiary confirms or disputes them; a giver sees their own. */
  gifts: router({
    forRequest: authedProcedure
      .input(ZHelpRequestIdRequestSchema)
      .output(ZDirectGiftsSchema)
      .query(({ ctx, input }) => listGiftsForRequest(ctx.services, input.id, metaOf(ctx))),
    given: authedProcedure.output(ZGivenGiftsSchema).query(({ ctx }) => listGivenGifts(ctx.services, metaOf(ctx))),
    confirm: authedProcedure
      .input(ZGiftIdRequestSchema)
      .output(ZDirectGiftStatusSchema)
      .mutation(({ ctx, input }) => confirmGift(ctx.services, input, metaOf(ctx))),
    reject: authedProcedure
      .input(ZGiftIdRequestSchema)
      .output(ZDirectGiftStatusSchema)
      .mutation(({ ctx, input }) => disputeGift(ctx.services, input, metaOf(ctx))),
  }),
  admin: router({
    gifts: router({
      getDisputes: adminProcedure('verification')
        .output(ZDisputesSchema)
        .query(({ ctx }) => listDisputes(ctx.services)),
      decide: adminProcedure('verification')
        .input(ZDecideDisputeSchema)
        .output(ZDirectGiftStatusSchema)
        .mutation(({ ctx, input }) => decideDispute(ctx.services, input, metaOf(ctx))),
    }),
    disbursements: router({
      getMany: adminProcedure('finance')
        .input(ZDisbursementQueueQuerySchema)
        .output(ZDisbursementQueueSchema)
        .query(({ ctx, input }) => listDisbursements(ctx.services, input)),
      details: adminProcedure('finance')
        .input(ZDisbursementIdRequestSchema)
        .output(ZDisbursementDetailsSchema)
        .mutation(({ ctx, input }) => revealDisbursementDetails(ctx.services, input.disbursementId, metaOf(ctx))),
      approve: adminProcedure('finance')
        .input(ZDisbursementIdRequestSchema)
        .output(ZDisbursementStatusSchema)
        .mutation(({ ctx, input }) => approveDisbursement(ctx.services, input, metaOf(ctx))),
      reject: adminProcedure('finance')
        .input(ZRejectDisbursementSchema)
        .output(ZDisbursementStatusSchema)
        .mutation(({ ctx, input }) => rejectDisbursement(ctx.services, input, metaOf(ctx))),
      markPaid: adminProcedure('finance')
        .input(ZMarkDisbursementPaidSchema)
        .output(ZDisbursementStatusSchema)
        .mutation(({ ctx, input }) => markDisbursementPaid(ctx.services, input, metaOf(ctx))),
    }),
    getMany: adminProcedure('verification')
      .input(ZHelpQueueQuerySchema)
      .output(ZHelpQueueSchema)
      .query(({ ctx, input }) => listQueue(ctx.services, input)),
    get: adminProcedure('verification')
      .input(ZHelpRequestIdRequestSchema)
      .output(ZHelpRequestAdminDetailSchema)
      .query(({ ctx, input }) => getAdminDetail(ctx.services, input.id)),
    reveal: adminProcedure('verification')
      .input(ZHelpRequestIdRequestSchema)
      .output(ZRevealHelpBeneficiarySchema)
      .mutation(({ ctx, input }) => revealBeneficiary(ctx.services, input.id, metaOf(ctx))),
    checkIdentity: adminProcedure('verification')
      .input(ZCheckHelpIdentityRequestSchema)
      .output(ZHelpStatusResponseSchema)
      .mutation(({ ctx, input }) => checkIdentity(ctx.services, input, metaOf(ctx))),
    ask: adminProcedure('verification')
      .input(ZAskHelpQuestionRequestSchema)
      .output(ZHelpStatusResponseSchema)
      .mutation(({ ctx, input }) => askQuestion(ctx.services, input, metaOf(ctx))),
    publish: adminProcedure('verification')
      .input(ZHelpRequestIdRequestSchema)
      .output(ZHelpStatusResponseSchema)
      .mutation(({ ctx, input }) => publishRequest(ctx.services, input, metaOf(ctx))),
    reject: adminProcedure('verification')
      .input(ZRejectHelpRequestSchema)
      .output(ZHelpStatusResponseSchema)
      .mutation(({ ctx, input }) => rejectRequest(ctx.services, input, metaOf(ctx))),
    close: adminProcedure('verification')
      .input(ZCloseHelpRequestSchema)
      .output(ZHelpStatusResponseSchema)
      .mutation(({ ctx, input }) => closeRequest(ctx.services, { id: input.id, as: 'staff' }, metaOf(ctx))),
    postUpdate: adminProcedure('verification')
      .input(ZPostHelpUpdateSchema)
      .output(ZHelpStatusResponseSchema)
      .mutation(({ ctx, input }) => postUpdate(ctx.services, { ...input, by: 'staff' }, metaOf(ctx))),
    extend: adminProcedure('verification')
      .input(ZExtendHelpRequestSchema)
      .output(ZHelpStatusResponseSchema)
      .mutation(({ ctx, input }) => extendRequest(ctx.services, input, metaOf(ctx))),
  }),
});
