/**
 * The original site's paths, as members still have them in chats and bookmarks (issue 15, "the old
 * product's links"; PRODUCT.md §3): each gets a considered answer instead of the 404 page. Those that
 * did a job Sahay still does go to the page that does it now; those that sold levels, matrices or
 * income from referrals go to /no-paid-levels, which says plainly that Sahay has none and why.
 *
 * One list for both answers: the server's permanent redirect (server/src/http/legacy-links.ts) and
 * the web router's (web/src/routes.tsx), for a link followed inside the app without a page load.
 */
export const NO_PAID_LEVELS_PATH = '/no-paid-levels';

// Written as few patterns as can be: the web router carries this list in every page's first load
// (/donate's budget, docs/decisions/046).
export const LEGACY_LINKS: ReadonlyArray<{ pattern: RegExp; to: string }> = [
  { pattern: /^\/admin\/?$/i, to: '/admin/dashboard' },
  // Not an old link but the one people guess (issue 36): the staff sign-in page is /admin-login,
  // outside the /admin console, which a signed-out visitor cannot open.
  { pattern: /^\/admin\/login\/?$/i, to: '/admin-login' },
  { pattern: /^\/DashboardFooter\/?$/i, to: '/dashboard' },
  // A member's withdrawal requests now live with the help request they draw on.
  { pattern: /^\/(?:withdrawal|user\/personalTeamHelp|LevelIncomeHistory)\/?$/i, to: '/my-help' },
  { pattern: /^\/(?:GlobalWithdrawApproval|admin\/global-approvals)\/?$/i, to: '/admin/disbursements' },
  // Company directs (members with no sponsor) and those who joined under them: the members page lists them.
  { pattern: /^\/admin\/company-(?:directs|joiners)\/?$/i, to: '/admin/members' },
  // The team by level, with counts and names only: no income is attached to it.
  { pattern: /^\/sponsor-history\/[^/]+\/?$/i, to: '/LevelTree' },
  // Paid levels, all of them: uploading and approving level payments; every page of the old "global"
  // pool (/global-dashboard, /global-payment, /global-income/…); every matrix, its name of one word or
  // several (/gold-matrix/:id, /double-diamond-matrix/:id).
  {
    pattern: /^\/(?:upload-payment|sponsor-approval|UnlockPaymentSection|global-[A-Za-z0-9-]+(?:\/[^/]+)*|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-matrix\/[^/]+)\/?$/i,
    to: NO_PAID_LEVELS_PATH,
  },
];

/** Where an old path goes now, or null for any other path. */
export function legacyLinkTarget(pathname: string): string | null {
  return LEGACY_LINKS.find((candidate) => candidate.pattern.test(pathname))?.to ?? null;
}
