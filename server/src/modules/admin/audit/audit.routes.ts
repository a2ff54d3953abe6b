import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { auditHistory, findRecords } from './audit.ts';
import { ZAuditFindRequestSchema, ZAuditFindResponseSchema, ZAuditHistoryRequestSchema, ZAuditHistoryResponseSchema } from './audit.schema.ts';

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
