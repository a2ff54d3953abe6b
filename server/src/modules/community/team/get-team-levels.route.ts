import { ownerProcedure } from '#server/trpc/procedures';
import { resolveOwner } from '../owner.ts';
import { getTeamLevels } from './team.ts';
import { ZTeamLevelsSchema, ZTeamOwnerSchema } from './team.schema.ts';

export const getTeamLevelsRoute = ownerProcedure('members')
  .input(ZTeamOwnerSchema.optional())
  .output(ZTeamLevelsSchema)
  .query(async ({ ctx, input }) => ({ levels: await getTeamLevels(ctx.services.db, resolveOwner(ctx.user, input?.userId)) }));
