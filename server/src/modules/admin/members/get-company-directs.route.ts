import { listCompanyDirects } from '#server/modules/identity/identity.api';
import { adminProcedure } from '#server/trpc/procedures';
import { ZMemberListSchema } from './members.schema.ts';

export const getCompanyDirectsRoute = adminProcedure('members')
  .output(ZMemberListSchema)
  .query(async ({ ctx }) => ({ members: await listCompanyDirects(ctx.services.db) }));
