import { authedProcedure, publicProcedure } from '#server/trpc/procedures';
import { listDonorCertificates } from './form-10be.ts';
import { ZDonorCertificatesRequestSchema, ZDonorCertificatesResponseSchema } from './form-10be.schema.ts';

/** donations.form10be.getForProof: the certificates of the donations given with the contact a one-time code proved (decision 040). */
export const getCertificatesForProofRoute = publicProcedure
  .input(ZDonorCertificatesRequestSchema)
  .output(ZDonorCertificatesResponseSchema)
  .query(({ ctx, input }) => listDonorCertificates(ctx.services, { proof: input.proof }));

/** donations.form10be.getMine: a member's certificates, for "My donations". */
export const getMyCertificatesRoute = authedProcedure.output(ZDonorCertificatesResponseSchema).query(({ ctx }) => listDonorCertificates(ctx.services, { memberId: ctx.user.userId }));
