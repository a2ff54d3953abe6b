import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { matchCertificateByHand } from './form-10be.ts';
import { ZMatchCertificateRequestSchema, ZMatchCertificateResponseSchema } from './form-10be.schema.ts';

/** donations.admin.form10be.match: finance gives a certificate to the donor of a donation (finance). */
export const matchCertificateRoute = adminProcedure('finance')
  .input(ZMatchCertificateRequestSchema)
  .output(ZMatchCertificateResponseSchema)
  .mutation(({ ctx, input }) => matchCertificateByHand(ctx.services, input, ctx.user, metaOf(ctx)));
