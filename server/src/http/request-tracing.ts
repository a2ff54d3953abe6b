import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { openRootSpan } from '#server/lib/tracing';
import { routeLabel } from './metrics-endpoint.ts';

/** Methods named as they are; anything else as OpenTelemetry's `_OTHER` (a caller chooses the method). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Asked every few seconds by the proxy and Prometheus: no trace of their own. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One root span per request while tracing is on (docs/decisions/077), named `METHOD route` with the
 * route *pattern* /metrics labels by (routeLabel): never the path, its query, a header or the
 * client's address. The request's handlers, and what they await, run inside it, so the command and
 * the append are its children. With tracing off it is one branch.
 */
export function httpTracing(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (UNTRACED.has(req.path)) {
      next();
      return;
    }
    const method = KNOWN_METHODS.has(req.method) ? req.method : '_OTHER';
    const span = openRootSpan(method, { 'http.request.method': method });
    if (!span) {
      next();
      return;
    }
    // express.json reads the body in the socket's callbacks: bound, they run in this request's span.
    span.bind(req);
    span.bind(res);
    res.once('close', () => {
      const route = routeLabel(req, res);
      span.end(`${method} ${route}`, { 'http.route': route, 'http.response.status_code': res.statusCode }, res.statusCode >= 500);
    });
    span.run(next);
  };
}
