import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { ZSigningStatusSchema } from './signing.schema.ts';
import { removeSigningCertificate } from './signing.ts';

/** `site.signing.removeCertificate` (finance, whose staff sign in with a second factor): receipts are drawn unsigned from now on. */
export const removeSigningCertificateRoute = adminProcedure('finance')
  .output(ZSigningStatusSchema)
  .mutation(({ ctx }) => removeSigningCertificate(ctx.services, ctx.user, metaOf(ctx)));
