import type { Express, NextFunction, Request, Response } from 'express';

/**
 * The original site's paths, as members still have them in chats and bookmarks (issue 15, "the old
 * product's links"): each gets a considered answer instead of the 404 page. Those that did a job
 * Sahay still does go to the page that does it now; those that sold levels, matrices or income from
 * referrals go to /no-paid-levels, which says plainly that Sahay has none and why. Permanent (308),
 * keeping the page's language.
 */
export const NO_PAID_LEVELS_PATH = '/no-paid-levels';

export const LEGACY_LINKS: ReadonlyArray<{ pattern: RegExp; to: string }> = [
  { pattern: /^\/admin\/?$/i, to: '/admin/dashboard' },
  { pattern: /^\/DashboardFooter\/?$/i, to: '/dashboard' },
  // A member's withdrawal requests now live with the help request they draw on.
  { pattern: /^\/withdrawal\/?$/i, to: '/my-help' },
  { pattern: /^\/GlobalWithdrawApproval\/?$/i, to: '/admin/disbursements' },
  { pattern: /^\/admin\/global-approvals\/?$/i, to: '/admin/disbursements' },
  { pattern: /^\/user\/personalTeamHelp\/?$/i, to: '/my-help' },
  { pattern: /^\/LevelIncomeHistory\/?$/i, to: '/my-help' },
  { pattern: /^\/sponsor-history\/[^/]+\/?$/i, to: '/LevelTree' },
  { pattern: /^\/upload-payment\/?$/i, to: NO_PAID_LEVELS_PATH },
  { pattern: /^\/sponsor-approval\/?$/i, to: NO_PAID_LEVELS_PATH },
  { pattern: /^\/UnlockPaymentSection\/?$/i, to: NO_PAID_LEVELS_PATH },
  // Every page of the old "global" pool (/global-dashboard, /global-payment, /global-income/…): paid levels, all of them.
  { pattern: /^\/global-[A-Za-z0-9-]+(?:\/[^/]+)*\/?$/i, to: NO_PAID_LEVELS_PATH },
  { pattern: /^\/[A-Za-z0-9]+-matrix\/[^/]+\/?$/i, to: NO_PAID_LEVELS_PATH },
];

/** Where an old path goes now (with its ?lang= kept), or null for any other path. */
export function legacyTarget(pathname: string, query: Request['query']): string | null {
  const link = LEGACY_LINKS.find((candidate) => candidate.pattern.test(pathname));
  if (!link) return null;
  const lang = query.lang === 'hi' || query.lang === 'en' ? query.lang : null;
  return lang ? `${link.to}?lang=${lang}` : link.to;
}

export function mountLegacyLinks(app: Express): void {
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const target = legacyTarget(req.path, req.query);
    if (!target) return next();
    res.redirect(308, target);
  });
}
