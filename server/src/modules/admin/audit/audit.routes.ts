import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { auditHistory, findRecords } from './audit.ts';
import { getBundle, requestBundle } from './audit-bundle.ts';
import {
  ZAuditBundleIdSchema,
  ZAuditBundleSchema,
  ZAuditFindRequestSchema,
  ZAuditFindResponseSchema,
  ZAuditHistoryRequestSchema,
  ZAuditHistoryResponseSchema,
  ZRequestBundleSchema,
} from './audit.schema.ts';

/** Any admin may search; each match says whether their permissions cover it. */
export const findAuditRecordsRoute = adminProcedure(null)
  .input(ZAuditFindRequestSchema)
  .output(ZAuditFindResponseSchema)
  .query(({ ctx, input }) => findRecords(ctx.services, ctx.user, input.query));

/** Any admin; a record their permissions do not cover is refused (403), and every look is recorded. */
export const auditHistoryRoute = adminProcedure(null)
  .input(ZAuditHistoryRequestSchema)
  .output(ZAuditHistoryResponseSchema)
  .query(({ ctx, input }) => auditHistory(ctx.services, ctx.user, input, metaOf(ctx)));

/** A record's dispute bundle (a PDF made by a job), for an admin whose permissions cover the record. */
export const requestBundleRoute = adminProcedure(null)
  .input(ZRequestBundleSchema)
  .output(ZAuditBundleSchema)
  .mutation(({ ctx, input }) => requestBundle(ctx.services, ctx.user, input.streamId, metaOf(ctx)));

export const getBundleRoute = adminProcedure(null)
  .input(ZAuditBundleIdSchema)
  .output(ZAuditBundleSchema)
  .query(async ({ ctx, input }) => {
    const { persons: _persons, ...bundle } = await getBundle(ctx.services, ctx.user, input.bundleId);
    return bundle;
  });
