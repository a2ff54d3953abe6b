import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { ZGivenGiftsSchema } from './direct-gifts.schema.ts';
import { listGivenGifts } from './direct-gifts.ts';

export const getGivenGiftsRoute = authedProcedure.output(ZGivenGiftsSchema).query(({ ctx }) => listGivenGifts(ctx.services, metaOf(ctx)));
