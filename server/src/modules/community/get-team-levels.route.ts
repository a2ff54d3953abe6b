import { authedProcedure } from '#server/trpc/procedures';
import { resolveOwner } from './owner.ts';
import { getTeamLevels } from './team.ts';
import { ZTeamLevelsSchema, ZTeamOwnerSchema } from './team.schema.ts';

export const getTeamLevelsRoute = authedProcedure
  .input(ZTeamOwnerSchema.optional())
  .output(ZTeamLevelsSchema)
  .query(async ({ ctx, input }) => ({ levels: await getTeamLevels(ctx.services.db, resolveOwner(ctx.user, input?.userId)) }));
