import type { NextFunction, Request, Response } from 'express';
import { AppError } from '#server/errors/app-error';
import { SESSION_COOKIE } from '#server/modules/identity/identity.api';
import type { Services } from '#server/services';

/** A cookie's value; null when it is absent, or not well-formed (a bad %-escape is nobody's session, not a 500). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  // The scheme's name is case-insensitive (RFC 9110 §11.1): "bearer" and "BEARER" are "Bearer".
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,100})$/i);
  return match?.[1] ?? null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Finds the signed-in user (cookie or bearer token) and guards against CSRF: a state-changing
 * request that rides on the cookie must also carry our custom header or come from our own origin.
 */
export function sessionMiddleware(services: Services) {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: services.config.isProduction,
    path: '/',
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const bearer = bearerToken(req);
      const cookie = bearer ? null : readCookie(req.get('cookie'), SESSION_COOKIE);
      const token = bearer ?? cookie;
      res.locals.sessionToken = token;
      res.locals.user = token ? await services.sessions.resolve(token, services.now()) : null;
      res.locals.setSessionCookie = (value: string | null) => {
        if (value) res.cookie(SESSION_COOKIE, value, { ...cookieOptions, maxAge: services.config.SESSION_TTL_HOURS * 3600 * 1000 });
        else res.clearCookie(SESSION_COOKIE, cookieOptions);
      };
      if (cookie && !SAFE_METHODS.has(req.method) && !isSameOriginRequest(req)) {
        throw new AppError('FORBIDDEN', { userMessage: 'This request was refused for your safety. Please reload the page and try again.' });
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

function isSameOriginRequest(req: Request): boolean {
  if (req.get('x-sahay-csrf') === '1') return true;
  const origin = req.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === req.get('host');
  } catch {
    return false;
  }
}
