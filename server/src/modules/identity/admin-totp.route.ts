import { adminProcedure, router } from '#server/trpc/procedures';
import { beginTotpSetup, confirmTotpSetup, disableOwnTotp, getTotpStatus } from './admin-totp.ts';
import { ZTotpCodeSchema, ZTotpSetupSchema, ZTotpStatusSchema } from './admin-totp.schema.ts';

/** The signed-in admin's own second factor; any admin, whatever their permissions. */
export const adminTotpRouter = router({
  status: adminProcedure(null)
    .output(ZTotpStatusSchema)
    .query(({ ctx }) => getTotpStatus(ctx.services.db, ctx.user.userId)),
  begin: adminProcedure(null)
    .output(ZTotpSetupSchema)
    .mutation(({ ctx }) => beginTotpSetup(ctx.services, ctx.user)),
  confirm: adminProcedure(null)
    .input(ZTotpCodeSchema)
    .output(ZTotpStatusSchema)
    .mutation(({ ctx, input }) => confirmTotpSetup(ctx.services, ctx.user, input.code, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip })),
  disable: adminProcedure(null)
    .input(ZTotpCodeSchema)
    .output(ZTotpStatusSchema)
    .mutation(({ ctx, input }) => disableOwnTotp(ctx.services, ctx.user, input.code, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip })),
});
