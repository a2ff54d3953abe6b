import { TRPCError } from '@trpc/server';
import { AppError } from '#server/errors/app-error';
import { fromDatabaseOutage } from '#server/errors/database-outage';
import { CORRECT_THE_FIELDS, nulFieldErrors } from '#server/errors/field-errors';
import { hasPermission, TWO_FACTOR_SETUP_REQUIRED, type Permission } from '#server/modules/identity/identity.api';
import { t } from './init.ts';

/** The matching tRPC error of a module's AppError: one map, since the codes share names. */
function trpcErrorOf(cause: AppError): TRPCError {
  return new TRPCError({ code: cause.code, message: cause.userMessage, cause });
}

/**
 * Every procedure's first step, one middleware since each costs every request (bench/load):
 * - no input holds a NUL character (U+0000), whatever its schema: a 400 beside the field (see nulFieldErrors);
 * - the modules' AppError becomes the matching tRPC error, and a database that is down or
 *   restarting a 503 to try again, not a failure of ours (500).
 */
const guard = t.middleware(async ({ getRawInput, next }) => {
  const fieldErrors = nulFieldErrors(await getRawInput());
  if (fieldErrors) throw trpcErrorOf(new AppError('BAD_REQUEST', { userMessage: CORRECT_THE_FIELDS, fieldErrors }));
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause instanceof AppError ? result.error.cause : fromDatabaseOutage(result.error.cause);
    if (cause) throw trpcErrorOf(cause);
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Each builder declares its policy in its meta (a later `.meta()` replaces it): the authorisation matrix test reads it. */
export const publicProcedure = t.procedure.use(guard).meta({ policy: 'public' });

const UNAUTHORIZED = 'Please log in to continue.';

/**
 * Any signed-in account, acting on its own records; staff who must still set up their second
 * factor may only do that (twoFactorSetupProcedure). One middleware for both checks.
 */
export const authedProcedure = publicProcedure.meta({ policy: 'signed-in' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: UNAUTHORIZED });
  if (ctx.user.twoFactorSetupRequired) throw new TRPCError({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
  return next({ ctx: { user: ctx.user } });
});

/**
 * Any admin, whatever their permissions, also before they have set up the second factor their
 * permissions require: only the two-factor set-up itself is built on this.
 */
export const twoFactorSetupProcedure = publicProcedure.meta({ policy: 'any-admin' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: UNAUTHORIZED });
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Access Denied!' });
  return next({ ctx: { user: ctx.user } });
});

/**
 * A signed-in account acting on the member its input names (`userId`, their own when left out):
 * that member, or an admin holding `permission`. The resolver checks the member (resolveOwner,
 * canActFor), since only it has the parsed input; this declares what that check must allow.
 */
export function ownerProcedure(permission: Permission) {
  return authedProcedure.meta({ policy: { ownerOr: permission } });
}

/** Admins only, and only those holding the permission (a super-admin holds them all); any admin when null. */
export function adminProcedure(permission: Permission | null) {
  return authedProcedure.meta({ policy: permission === null ? 'any-admin' : { admin: [permission] } }).use(({ ctx, next }) => {
    if (!hasPermission(ctx.user, permission)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Access Denied!' });
    return next();
  });
}

/** Admins holding at least one of the permissions (a super-admin holds them all). */
export function anyAdminProcedure(...permissions: readonly [Permission, ...Permission[]]) {
  return authedProcedure.meta({ policy: { admin: permissions } }).use(({ ctx, next }) => {
    if (!permissions.some((permission) => hasPermission(ctx.user, permission))) throw new TRPCError({ code: 'FORBIDDEN', message: 'Access Denied!' });
    return next();
  });
}
