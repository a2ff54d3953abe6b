import { adminProcedure } from '#server/trpc/procedures';
import { ZDisputesSchema } from './direct-gifts.schema.ts';
import { listDisputes } from './direct-gifts.ts';

export const getGiftDisputesRoute = adminProcedure('verification')
  .output(ZDisputesSchema)
  .query(({ ctx }) => listDisputes(ctx.services));
