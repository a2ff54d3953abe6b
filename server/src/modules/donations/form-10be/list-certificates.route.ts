import { adminProcedure } from '#server/trpc/procedures';
import { listCertificates } from './form-10be.ts';
import { ZListCertificatesRequestSchema, ZListCertificatesResponseSchema } from './form-10be.schema.ts';

/** donations.admin.form10be.getMany: a year's certificates, those waiting for a person with their candidates (finance). */
export const listCertificatesRoute = adminProcedure('finance')
  .input(ZListCertificatesRequestSchema)
  .output(ZListCertificatesResponseSchema)
  .query(({ ctx, input }) => listCertificates(ctx.services, input));
