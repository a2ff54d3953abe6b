import { pageCompanyDirects } from '#server/modules/identity/identity.api';
import { adminProcedure } from '#server/trpc/procedures';
import { ADMIN_LIST_PAGE_SIZE, ZCompanyDirectsRequestSchema, ZMemberPageSchema } from './members.schema.ts';

export const getCompanyDirectsRoute = adminProcedure('members')
  .input(ZCompanyDirectsRequestSchema.optional())
  .output(ZMemberPageSchema)
  .query(async ({ ctx, input }) => {
    const page = input?.page ?? 1;
    const { members, total } = await pageCompanyDirects(ctx.services.db, page, ADMIN_LIST_PAGE_SIZE);
    return { members, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_LIST_PAGE_SIZE)), total };
  });
