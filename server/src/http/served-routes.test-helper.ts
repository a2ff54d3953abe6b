import type { Express, Router } from 'express';

/** A route as Express serves it, in the OpenAPI document's form. */
export interface ServedRoute {
  method: string;
  /** In the document's form: `/api/users/{id}`. */
  path: string;
}

/** A layer of a router's stack, as @types/express declares it. */
type DeclaredLayer = Router['stack'][number];
/**
 * What Express 5's router (the `router` package) adds to it, which the walk reads: a route's
 * `methods`, a mounted router's own `stack` and the path it is mounted at.
 */
type Layer = DeclaredLayer & {
  route?: NonNullable<DeclaredLayer['route']> & { methods: Record<string, boolean> };
  handle: DeclaredLayer['handle'] & { stack?: DeclaredLayer[] };
  rawPath?: unknown;
};

/**
 * Every route of a router's stack, through the routers mounted in it, in the order Express tries
 * them. A pattern (the web pages' catch-all) keeps its source: under /api it would be a route no
 * declaration names, and fail.
 */
function routesOf(stack: readonly DeclaredLayer[], prefix = ''): ServedRoute[] {
  return stack.flatMap((declared): ServedRoute[] => {
    const layer = declared as Layer;
    if (layer.route) {
      const { path, methods } = layer.route;
      const documentPath = `${prefix}${String(path)}`.replace(/:(\w+)/g, '{$1}');
      return Object.keys(methods).map((method) => ({ method, path: documentPath }));
    }
    if (!layer.handle?.stack) return [];
    if (typeof layer.rawPath !== 'string') throw new Error(`A router under ${prefix || '/'} is mounted at a path the walk cannot read`);
    return routesOf(layer.handle.stack, layer.rawPath === '/' ? prefix : `${prefix}${layer.rawPath}`);
  });
}

/** Every route the app serves under /api, found in the app itself. */
export function servedApiRoutes(http: Express): ServedRoute[] {
  return routesOf(http.router.stack).filter((route) => route.path.startsWith('/api/'));
}

/** Every route a router serves, as it would be under `prefix` (the /api router's routes under '/api'). */
export function servedRoutesOf(router: Router, prefix: string): ServedRoute[] {
  return routesOf(router.stack, prefix);
}

export const keyOf = (route: ServedRoute) => `${route.method.toUpperCase()} ${route.path}`;
