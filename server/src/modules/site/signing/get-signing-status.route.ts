import { anyAdminProcedure } from '#server/trpc/procedures';
import { ZSigningStatusSchema } from './signing.schema.ts';
import { getSigningStatus } from './signing.ts';

/** `site.signing.get` (settings or finance): the signature image's version and the certificate's public details. */
export const getSigningStatusRoute = anyAdminProcedure('settings', 'finance')
  .output(ZSigningStatusSchema)
  .query(({ ctx }) => getSigningStatus(ctx.services));
