import { authedProcedure } from '#server/trpc/procedures';
import { getMyRequests } from './help-reads.ts';
import { ZMyHelpRequestsSchema } from '../help.schema.ts';

export const getMyHelpRequestsRoute = authedProcedure.output(ZMyHelpRequestsSchema).query(({ ctx }) => getMyRequests(ctx.services, ctx.user.userId));
