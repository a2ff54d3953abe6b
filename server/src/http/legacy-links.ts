import type { Express, NextFunction, Request, Response } from 'express';
import { legacyLinkTarget } from '#server/modules/site/legacy-links.schema';

// The list is shared with the web router (server/src/modules/site/legacy-links.schema.ts); the server
// answers each with a permanent redirect (308), keeping the page's language.
export { LEGACY_LINKS, NO_PAID_LEVELS_PATH } from '#server/modules/site/legacy-links.schema';

/** Where an old path goes now (with its ?lang= kept), or null for any other path. */
export function legacyTarget(pathname: string, query: Request['query']): string | null {
  const to = legacyLinkTarget(pathname);
  if (!to) return null;
  const lang = query.lang === 'hi' || query.lang === 'en' ? query.lang : null;
  return lang ? `${to}?lang=${lang}` : to;
}

export function mountLegacyLinks(app: Express): void {
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const target = legacyTarget(req.path, req.query);
    if (!target) return next();
    res.redirect(308, target);
  });
}
