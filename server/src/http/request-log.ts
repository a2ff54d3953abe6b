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
