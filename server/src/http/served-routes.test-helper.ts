import type { Express, Router } from 'express';

/** A route as Express serves it, in the OpenAPI document's form. */
export interface ServedRoute {
  method: string;
  /** In the document's form: `/api/users/{id}`. */
  path: string;
}

/** The parts of Express 5's router (the `router` package) the walk reads. */
interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

/**
 * Every route of a router's stack, through the routers mounted in it, in the order Express tries
 * them. A pattern (the web pages' catch-all) keeps its source: under /api it would be a route no
 * declaration names, and fail.
 */
function routesOf(stack: readonly Layer[], prefix = ''): ServedRoute[] {
  return stack.flatMap((layer): ServedRoute[] => {
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
  // The router package's layers carry `methods` and `rawPath`, which @types/express does not declare.
  const { stack } = (http as unknown as { router: { stack: Layer[] } }).router;
  return routesOf(stack).filter((route) => route.path.startsWith('/api/'));
}

/** Every route a router serves, as it would be under `prefix` (the /api router's routes under '/api'). */
export function servedRoutesOf(router: Router, prefix: string): ServedRoute[] {
  return routesOf((router as unknown as { stack: Layer[] }).stack, prefix);
}

export const keyOf = (route: ServedRoute) => `${route.method.toUpperCase()} ${route.path}`;
