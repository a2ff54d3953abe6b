import { setStaffPermissions } from '#server/modules/identity/identity.api';
import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZSetPermissionsRequestSchema, ZSetPermissionsResponseSchema } from './members.schema.ts';

/** Staff accounts are managed from the members pages; granting and revoking needs every permission (checked by the decider). */
export const setPermissionsRoute = adminProcedure('members')
  .input(ZSetPermissionsRequestSchema)
  .output(ZSetPermissionsResponseSchema)
  .mutation(({ ctx, input }) => setStaffPermissions(ctx.services, input, ctx.user, metaOf(ctx)));
