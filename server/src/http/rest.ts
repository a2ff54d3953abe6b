import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z, ZodType } from 'zod';
import { AppError } from '#server/errors/app-error';
import { CORRECT_THE_FIELDS, fieldErrorsFromZod, nulFieldErrors } from '#server/errors/field-errors';
import { hasPermission, TWO_FACTOR_SETUP_REQUIRED, type Permission, type SessionUser } from '#server/shared/access';
import type { RequestMeta } from '#server/lib/request-meta';

/** Parses a body or params with a shared schema; invalid input (a NUL character anywhere included) is a 400 with fieldErrors. */
export function parseInput<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const nulErrors = nulFieldErrors(input);
  if (nulErrors) throw new AppError('BAD_REQUEST', { userMessage: CORRECT_THE_FIELDS, fieldErrors: nulErrors });
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw new AppError('BAD_REQUEST', {
      userMessage: CORRECT_THE_FIELDS,
      fieldErrors: fieldErrorsFromZod(result.error),
    });
  }
  return result.data;
}

/** Express 5 forwards rejected promises to the error handler; this keeps handlers typed and short. */
export function handle(fn: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

export function requireUser(res: Response): SessionUser {
  const user = res.locals.user as SessionUser | null;
  if (!user) throw new AppError('UNAUTHORIZED', { userMessage: 'Please log in to continue.' });
  // Staff who must still set up their second factor do that in the console, and nothing else.
  if (user.twoFactorSetupRequired) throw new AppError('FORBIDDEN', { userMessage: TWO_FACTOR_SETUP_REQUIRED });
  return user;
}

export function requireAdmin(res: Response, permission: Permission | null): SessionUser {
  const user = requireUser(res);
  if (!hasPermission(user, permission)) {
    throw new AppError('FORBIDDEN', { userMessage: 'Access Denied!' });
  }
  return user;
}

export function requestMeta(req: Request, res: Response): RequestMeta {
  const user = res.locals.user as SessionUser | null;
  return { actor: user?.userId ?? 'anonymous', correlationId: String(req.id), ip: req.ip ?? null };
}
