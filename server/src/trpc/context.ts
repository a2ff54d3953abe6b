import type { Request, Response } from 'express';
import type { SessionUser } from '#server/modules/identity/identity.api';
import type { RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';

/**
 * What every procedure sees. The inner part (no HTTP) is what tests build with createCaller;
 * the cookie setter is a no-op there.
 */
export interface Context {
  services: Services;
  user: SessionUser | null;
  requestId: string;
  ip: string | null;
  /** The session token this request came with, if any (rotated away at login). */
  sessionToken: string | null;
  setSessionCookie(token: string | null): void;
}

export function createInnerContext(services: Services, overrides: Partial<Omit<Context, 'services'>> = {}): Context {
  return {
    services,
    user: null,
    requestId: 'test-request',
    ip: null,
    sessionToken: null,
    setSessionCookie: () => {},
    ...overrides,
  };
}

export function createExpressContext(services: Services, req: Request, res: Response): Context {
  return {
    services,
    user: res.locals.user ?? null,
    requestId: String(req.id),
    ip: req.ip ?? null,
    sessionToken: res.locals.sessionToken ?? null,
    setSessionCookie: (token) => res.locals.setSessionCookie(token),
  };
}

/** Who asks, from where, under which request ID: the metadata of the events a procedure's command records. */
export function metaOf(ctx: Pick<Context, 'user' | 'requestId' | 'ip'>): RequestMeta {
  return { actor: ctx.user?.userId ?? 'anonymous', correlationId: ctx.requestId, ip: ctx.ip };
}
