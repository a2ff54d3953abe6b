import { TRPCError } from '@trpc/server';
import { AppError } from '#server/errors/app-error';
import { fromDatabaseOutage } from '#server/errors/database-outage';
import { CORRECT_THE_FIELDS, nulFieldErrors } from '#server/errors/field-errors';
import { hasPermission, TWO_FACTOR_SETUP_REQUIRED, type Permission } from '#server/modules/identity/identity.api';
import { t } from './init.ts';

/** Turns the modules' AppError into the matching tRPC error: one map, since the codes share names. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    // A database that is down or restarting is a 503 to try again, not a failure of ours (500).
    const cause = result.error.cause instanceof AppError ? result.error.cause : fromDatabaseOutage(result.error.cause);
    if (cause) throw new TRPCError({ code: cause.code, message: cause.userMessage, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** No input holds a NUL character (U+0000), whatever its schema: a 400 beside the field (see nulFieldErrors). */
const noNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  const fieldErrors = nulFieldErrors(await getRawInput());
  if (fieldErrors) throw new AppError('BAD_REQUEST', { userMessage: CORRECT_THE_FIELDS, fieldErrors });
  return next();
});

/** Each builder declares its policy in its meta (a later `.meta()` replaces it): the authorisation matrix test reads it. */
export const publicProcedure = t.procedure.use(appErrors).use(noNulCharacters).meta({ policy: 'public' });

const signedIn = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Any signed-in account, acting on its own records; staff who must still set up their second factor may only do that. */
export const authedProcedure = signedIn.meta({ policy: 'signed-in' }).use(({ ctx, next }) => {
  if (ctx.user.twoFactorSetupRequired) throw new TRPCError({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
  return next();
});

/**
 * Any admin, whatever their permissions, also before they have set up the second factor their
 * permissions require: only the two-factor set-up itself is built on this.
 */
export const twoFactorSetupProcedure = signedIn.meta({ policy: 'any-admin' }).use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Access Denied!' });
  return next();
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
