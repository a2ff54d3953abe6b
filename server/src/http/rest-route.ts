import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { z, type ZodType } from 'zod';
import { AppError } from '#server/errors/app-error';
import { CORRECT_THE_FIELDS, UNKNOWN_FIELD } from '#server/errors/field-errors';
import type { RequestMeta } from '#server/lib/request-meta';
import { ZUserIdSchema } from '#server/modules/identity/fields.schema';
import type { RestRoute, SahayModule, Services } from '#server/services';
import { canActFor, hasPermission, type Permission, type SessionUser } from '#server/shared/access';
import type { AccessPolicy } from './access-policy.ts';
import { handle, parseInput, requestMeta, requireAdmin, requireUser } from './rest.ts';

/**
 * One declaration per REST route (docs/decisions/051): a module lists its routes in its manifest's
 * `rest`, each made by `defineRestRoute` beside its handler. The Express routers (`restRouters`), the
 * OpenAPI document (openapi.ts) and the route lists of the access and contract tests are generated
 * from them, and the router enforces the declared `auth` before the handler runs, so a declaration
 * cannot say one thing while its handler does another.
 */

/** The caller a handler gets: anyone (or nobody) on a public route, a signed-in account on every other. */
type CallerOf<P extends AccessPolicy> = P extends 'public' ? SessionUser | null : SessionUser;
type OutputOf<S> = S extends ZodType ? z.output<S> : never;
type OwnerPolicy = 'owner' | { readonly ownerOr: Permission };

export interface RestContext<P extends AccessPolicy, B, Q, R> {
  req: Request;
  res: Response;
  services: Services;
  /** The caller the declared policy let in. */
  user: CallerOf<P>;
  meta: RequestMeta;
  pages: ReadonlySet<string>;
  /**
   * The JSON body read with the declared `request` schema, under our names whatever alias (the
   * original site's name) was sent. `check` adds a rule that needs the parsed value; every field
   * error, the schema's or the check's, comes back under the name the client sent.
   */
  body(check?: (value: OutputOf<B>) => void): OutputOf<B>;
  /** The query string read with the declared `query` schema. */
  query(): OutputOf<Q>;
  /** The path's parameters read with the declared `params` schema. */
  params(): OutputOf<R>;
}

/** What a module writes for a route: the document's fields, the policy, and the handler. */
export type RestRouteDeclaration<P extends AccessPolicy, B extends ZodType | undefined, Q extends ZodType | undefined, R extends ZodType | undefined> = Omit<
  RestRoute,
  'auth' | 'request' | 'query' | 'params' | 'handler' | 'notYours'
> & {
  auth: P;
  request?: B;
  query?: Q;
  params?: R;
  handler: (context: RestContext<P, B, Q, R>) => Promise<void>;
} & (P extends OwnerPolicy ? { notYours: string } : { notYours?: undefined });

export const ALIAS_AND_NAME = 'Give this field once, under one name.';

/**
 * A body under our names, whatever names the client used; field errors come back under the names
 * it sent. A field given under both names is refused rather than one silently winning.
 */
function parseAliased<S extends ZodType>(schema: S, aliases: Readonly<Record<string, string>>, body: unknown, check?: (value: z.output<S>) => void): z.output<S> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return parseInput(schema, body);
  const sentAs = new Map<string, string>();
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const name = Object.hasOwn(aliases, key) ? aliases[key]! : key;
    if (sentAs.has(name)) throw new AppError('BAD_REQUEST', { userMessage: CORRECT_THE_FIELDS, fieldErrors: { [key]: [ALIAS_AND_NAME], [sentAs.get(name)!]: [ALIAS_AND_NAME] } });
    sentAs.set(name, key);
    renamed[name] = value;
  }
  try {
    const value = parseInput(schema, renamed);
    check?.(value);
    return value;
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([name, messages]) => [sentAs.get(name) ?? name, messages]));
    throw new AppError('BAD_REQUEST', { userMessage: error.userMessage, fieldErrors });
  }
}

/** Declares a REST route; the compiler holds the handler to the declared policy, body and query. */
export function defineRestRoute<
  const P extends AccessPolicy,
  B extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  R extends ZodType | undefined = undefined,
>(declaration: RestRouteDeclaration<P, B, Q, R>): RestRoute {
  const { handler, ...route } = declaration;
  const { request, query, params, aliases } = declaration;
  return {
    ...route,
    handler: ({ req, res, services, user, pages }) =>
      handler({
        req,
        res,
        services,
        user: user as CallerOf<P>,
        meta: requestMeta(req, res),
        pages,
        body(check) {
          if (!request) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no request body`);
          if (aliases) return parseAliased(request, aliases, req.body, check as ((value: unknown) => void) | undefined) as OutputOf<B>;
          const value = parseInput(request, req.body) as OutputOf<B>;
          check?.(value);
          return value;
        },
        query() {
          if (!query) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no query`);
          return parseInput(query, req.query) as OutputOf<Q>;
        },
        params() {
          if (!params) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no path parameters`);
          return parseInput(params, { ...req.params }) as OutputOf<R>;
        },
      }),
  };
}

export const isOwnerPolicy = (policy: AccessPolicy): policy is OwnerPolicy => policy === 'owner' || (typeof policy === 'object' && 'ownerOr' in policy);

const ZOwnerParamsSchema = z.object({ id: ZUserIdSchema });

/**
 * The declared policy, enforced before the handler runs: 401 for a visitor, 403 for an account the
 * policy does not admit. An owner route names its member as `{id}`: an ID that is not one is a 400,
 * another member's a 403 with the route's own refusal. A handler may check more (a module's own
 * rule), never less.
 */
export function enforcePolicy(route: RestRoute, req: Request, res: Response): SessionUser | null {
  const { auth } = route;
  if (auth === 'public') return (res.locals.user as SessionUser | null | undefined) ?? null;
  if (auth === 'signed-in') return requireUser(res);
  if (auth === 'any-admin') return requireAdmin(res, null);
  if (typeof auth === 'object' && 'admin' in auth) {
    const user = requireUser(res);
    if (!auth.admin.some((permission) => hasPermission(user, permission))) throw new AppError('FORBIDDEN', { userMessage: 'Access Denied!' });
    return user;
  }
  const user = requireUser(res);
  const { id } = parseInput(ZOwnerParamsSchema, { id: req.params.id });
  const isAllowed = auth === 'owner' ? id === user.userId : canActFor(user, id, auth.ownerOr);
  if (!isAllowed) throw new AppError('FORBIDDEN', { userMessage: route.notYours ?? 'Access Denied!' });
  return user;
}

/** `/api/users/{id}` → `/users/:id`, the path under the /api router. */
export function expressPathOf(path: string): string {
  if (!path.startsWith('/api/')) throw new Error(`A REST path starts with /api/: ${path}`);
  return path.slice('/api'.length).replace(/\{(\w+)\}/g, ':$1');
}

/** Every module's routes, in the modules' order and each module's own. */
export function restRoutesOf(modules: readonly SahayModule[]): RestRoute[] {
  return modules.flatMap((module) => module.rest ?? []);
}

/**
 * The Express routers served under /api, generated from the declarations: `sessionless` before the
 * session middleware (its routes read no cookie, so no CSRF refusal), `api` after it.
 */
/** A signed webhook's body as sent, whatever its content type; no larger than a JSON body may be (JSON_BODY_LIMIT in app.ts). */
const rawBody = express.raw({ type: () => true, limit: '64kb' });

export function restRouters(routes: readonly RestRoute[], services: Services, options: { pages: ReadonlySet<string>; json: RequestHandler }): { sessionless: Router; api: Router } {
  const sessionless = Router();
  const api = Router();
  for (const route of routes) {
    if (route.isSessionless && route.auth !== 'public') throw new Error(`${route.method.toUpperCase()} ${route.path}: a sessionless route reads no caller, so it can only be public`);
    if (isOwnerPolicy(route.auth) && !route.path.includes('{id}')) throw new Error(`${route.method.toUpperCase()} ${route.path}: an owner route names its member as {id}`);
    const run = handle(async (req, res) => {
      // /metrics names a request by its declared pattern (/api/donations/{reference}), never its path.
      res.locals.metricsRoute = route.path;
      const user = route.isSessionless ? null : enforcePolicy(route, req, res);
      await route.handler({ req, res, services, user, pages: options.pages });
    });
    if (route.isRawBody && !route.isSessionless) throw new Error(`${route.method.toUpperCase()} ${route.path}: a raw body is read only on a sessionless route`);
    if (route.isSessionless) sessionless[route.method](expressPathOf(route.path), route.isRawBody ? rawBody : options.json, run);
    else api[route.method](expressPathOf(route.path), run);
  }
  return { sessionless, api };
}

/**
 * Express middleware for /api: a route that declares no query parameters refuses any it is sent,
 * as every body and query schema refuses unknown fields (a 400 naming them), instead of ignoring
 * them. Routes with a query check theirs with their own strict schema.
 */
export function refuseUndocumentedQueries(routes: readonly RestRoute[]): RequestHandler {
  const withoutQuery = routes
    .filter((route) => !route.query)
    .map((route) => ({
      method: route.method.toUpperCase(),
      path: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`),
    }));
  return (req, _res, next) => {
    const keys = Object.keys(req.query);
    const fullPath = req.baseUrl + req.path;
    if (keys.length > 0 && withoutQuery.some((route) => route.method === req.method && route.path.test(fullPath))) {
      throw new AppError('BAD_REQUEST', { userMessage: CORRECT_THE_FIELDS, fieldErrors: Object.fromEntries(keys.map((key) => [key, [UNKNOWN_FIELD]])) });
    }
    next();
  };
}
