import type { SerializerFn } from 'pino';
/**
 * How a request appears in the log. Query strings carry what a person typed to find their own
 * record — a phone with a Kanyadan registration number, a donor's e-mail with a donation reference,
 * a tRPC query's whole input — and logs outlive an erasure: only the parameters' names are kept.
 */
export function withoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = new URLSearchParams(url.slice(at + 1)).keys();
  return `${url.slice(0, at)}?${[...new Set(names)].map((name) => `${encodeURIComponent(name)}=…`).join('&')}`;
}

/** pino-http's `req` serializer (it receives the already serialised request). */
export function serializeRequest<R extends { url?: string; query?: unknown }>(req: R): R {
  return { ...req, url: req.url === undefined ? undefined : withoutQueryValues(req.url), query: undefined };
}

/**
 * Issue 36: at `info` a request is one short line — its id, method, path (query values left out as
 * above) and, on the response, the status — instead of every header both ways; LOG_LEVEL=debug
 * keeps the whole request and response (serializeRequest, pino-http's own response serializer).
 */
export function serializeRequestBriefly<R extends { id?: unknown; method?: string; url?: string }>(req: R): { id: unknown; method: string | undefined; url: string | undefined } {
  return { id: req.id, method: req.method, url: req.url === undefined ? undefined : withoutQueryValues(req.url) };
}

export function serializeResponseBriefly<R extends { statusCode?: number }>(res: R): { statusCode: number | undefined } {
  return { statusCode: res.statusCode };
}

/** pino-http's serializers for a logger: brief below debug, whole at debug and trace. */
export function requestLogSerializers(log: { isLevelEnabled(level: string): boolean }): Record<string, SerializerFn> {
  return log.isLevelEnabled('debug') ? { req: serializeRequest } : { req: serializeRequestBriefly, res: serializeResponseBriefly };
}
