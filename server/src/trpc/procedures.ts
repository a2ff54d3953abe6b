import { TRPCError } from '@trpc/server';
import { AppError } from '#server/errors/app-error';
import { CORRECT_THE_FIELDS, nulFieldErrors } from '#server/errors/field-errors';
import { hasPermission, type Permission } from '#server/modules/identity/identity.api';
import { t } from './init.ts';

/** Turns the modules' AppError into the matching tRPC error: one map, since the codes share names. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.userMessage, cause });
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

export const publicProcedure = t.procedure.use(appErrors).use(noNulCharacters);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Admins only, and only those holding the permission (a super-admin holds them all). */
export function adminProcedure(permission: Permission | null) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!hasPermission(ctx.user, permission)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Access Denied!' });
    return next();
  });
}

/** Admins holding at least one of the permissions (a super-admin holds them all). */
export function anyAdminProcedure(...permissions: readonly Permission[]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!permissions.some((permission) => hasPermission(ctx.user, permission))) throw new TRPCError({ code: 'FORBIDDEN', message: 'Access Denied!' });
    return next();
  });
}
