import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { form10BDYear } from './exports.ts';
import { ZGetForm10BDYearRequestSchema, ZGetForm10BDYearResponseSchema } from './form-10bd-year.schema.ts';
import { ZRecordForm10BDFilingRequestSchema, ZRecordForm10BDFilingResponseSchema } from './record-form-10bd-filing.schema.ts';
import { recordForm10BDFiling } from './record-form-10bd-filing.ts';

/** `donations.admin.form10bd.get` (finance): a year's filings, the gifts changed since, the gifts that cannot be filed. */
export const getForm10BDYearRoute = adminProcedure('finance')
  .input(ZGetForm10BDYearRequestSchema)
  .output(ZGetForm10BDYearResponseSchema)
  .query(({ ctx, input }) => form10BDYear(ctx.services, input.financialYear));

/** `donations.admin.form10bd.recordFiling` (finance): the year's Form 10BD was filed (or revised) on the portal. */
export const recordForm10BDFilingRoute = adminProcedure('finance')
  .input(ZRecordForm10BDFilingRequestSchema)
  .output(ZRecordForm10BDFilingResponseSchema)
  .mutation(({ ctx, input }) => recordForm10BDFiling(ctx.services, input, { userId: ctx.user.userId }, metaOf(ctx)));
