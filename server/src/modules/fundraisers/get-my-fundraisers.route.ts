import { authedProcedure } from '#server/trpc/procedures';
import { listMyFundraisers } from './fundraiser-reads.ts';
import { ZMyFundraisersSchema } from './fundraisers.schema.ts';

export const getMyFundraisersRoute = authedProcedure.output(ZMyFundraisersSchema).query(async ({ ctx }) => ({ fundraisers: await listMyFundraisers(ctx.services, ctx.user.userId) }));
