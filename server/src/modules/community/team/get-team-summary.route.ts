import { ownerProcedure } from '#server/trpc/procedures';
import { resolveOwner } from '../owner.ts';
import { getTeamSummary } from './team.ts';
import { ZTeamOwnerSchema, ZTeamSummarySchema } from './team.schema.ts';

export const getTeamSummaryRoute = ownerProcedure('members')
  .input(ZTeamOwnerSchema.optional())
  .output(ZTeamSummarySchema)
  .query(({ ctx, input }) => getTeamSummary(ctx.services.db, resolveOwner(ctx.user, input?.userId)));
