import { authedProcedure } from '#server/trpc/procedures';
import { getIdCard } from './id-card.ts';
import { ZIdCardSchema } from './id-card.schema.ts';

export const getIdCardRoute = authedProcedure.output(ZIdCardSchema).query(({ ctx }) => getIdCard(ctx.services, ctx.user.userId));
