import { metaOf } from '#server/trpc/context';
import { adminProcedure, anyAdminProcedure, publicProcedure, router } from '#server/trpc/procedures';
import { approveBenefit, disburseBenefit, eraseApplication, recordFee, rejectApplication, submitFeeProof, verifyApplication } from './application-commands.ts';
import { getApplicationDetail, getApplicationStatus, listApplications, revealApplicant } from './application-reads.ts';
import {
  ZApplicantDetailsSchema,
  ZApplicationDetailSchema,
  ZApplicationFilterSchema,
  ZApplicationPageSchema,
  ZApplicationStatusSchema,
  ZApproveBenefitRequestSchema,
  ZDecisionResponseSchema,
  ZDisburseRequestSchema,
  ZEraseApplicationRequestSchema,
  ZEraseApplicationResponseSchema,
  ZGetApplicationStatusRequestSchema,
  ZRecordFeeRequestSchema,
  ZRegNoRequestSchema,
  ZRejectApplicationRequestSchema,
  ZSubmitFeeProofRequestSchema,
} from './kanyadan-routes.schema.ts';

/**
 * The Kanyadan procedures. The family submits through REST (a multipart form with the documents);
 * everything else is here. `verification` sees and decides applications; `finance` sees the queue
 * (masked) and records money (fee, approval, payment); only `verification` opens personal data.
 */
export const kanyadanRouter = router({
  getStatus: publicProcedure
    .input(ZGetApplicationStatusRequestSchema)
    .output(ZApplicationStatusSchema)
    .query(({ ctx, input }) => getApplicationStatus(ctx.services, input, metaOf(ctx))),
  submitFeeProof: publicProcedure
    .input(ZSubmitFeeProofRequestSchema)
    .output(ZApplicationStatusSchema)
    .mutation(({ ctx, input }) => submitFeeProof(ctx.services, input, metaOf(ctx))),
  admin: router({
    getMany: anyAdminProcedure('verification', 'finance')
      .input(ZApplicationFilterSchema)
      .output(ZApplicationPageSchema)
      .query(({ ctx, input }) => listApplications(ctx.services, input)),
    get: anyAdminProcedure('verification', 'finance')
      .input(ZRegNoRequestSchema)
      .output(ZApplicationDetailSchema)
      .query(({ ctx, input }) => getApplicationDetail(ctx.services, input.regNo)),
    reveal: adminProcedure('verification')
      .input(ZRegNoRequestSchema)
      .output(ZApplicantDetailsSchema)
      .mutation(({ ctx, input }) => revealApplicant(ctx.services, input.regNo, ctx.user, metaOf(ctx))),
    verify: adminProcedure('verification')
      .input(ZRegNoRequestSchema)
      .output(ZDecisionResponseSchema)
      .mutation(({ ctx, input }) => verifyApplication(ctx.services, input, metaOf(ctx))),
    reject: adminProcedure('verification')
      .input(ZRejectApplicationRequestSchema)
      .output(ZDecisionResponseSchema)
      .mutation(({ ctx, input }) => rejectApplication(ctx.services, input, metaOf(ctx))),
    recordFee: adminProcedure('finance')
      .input(ZRecordFeeRequestSchema)
      .output(ZDecisionResponseSchema)
      .mutation(({ ctx, input }) => recordFee(ctx.services, input, metaOf(ctx))),
    approveBenefit: adminProcedure('finance')
      .input(ZApproveBenefitRequestSchema)
      .output(ZDecisionResponseSchema)
      .mutation(({ ctx, input }) => approveBenefit(ctx.services, input, metaOf(ctx))),
    disburse: adminProcedure('finance')
      .input(ZDisburseRequestSchema)
      .output(ZDecisionResponseSchema)
      .mutation(({ ctx, input }) => disburseBenefit(ctx.services, input, metaOf(ctx))),
    erase: adminProcedure('verification')
      .input(ZEraseApplicationRequestSchema)
      .output(ZEraseApplicationResponseSchema)
      .mutation(({ ctx, input }) => eraseApplication(ctx.services, input, metaOf(ctx))),
  }),
});
