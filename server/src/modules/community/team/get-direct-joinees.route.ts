import { ownerProcedure } from '#server/trpc/procedures';
import { resolveOwner } from '../owner.ts';
import { getDirectJoinees } from './team.ts';
import { ZDirectJoineesSchema, ZTeamOwnerSchema } from './team.schema.ts';

export const getDirectJoineesRoute = ownerProcedure('members')
  .input(ZTeamOwnerSchema.optional())
  .output(ZDirectJoineesSchema)
  .query(({ ctx, input }) => getDirectJoinees(ctx.services.db, resolveOwner(ctx.user, input?.userId)));
