/**
 * Pages whose Content-Security-Policy differs from the site's: /donate, which may open Razorpay
 * Checkout (docs/decisions/068). A browser applies the policy of the document it loaded, so an
 * in-app navigation from another page would keep that page's policy and Checkout could not load:
 * such a page is reached by loading it, unless the reader is on it already.
 */
const OWN_POLICY_PATHS = new Set(['/donate']);

function pathnameOf(href: string): string {
  const path = href.split(/[?#]/, 1)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether navigating from `currentPath` to `to` must load the document. */
export function needsDocumentLoad(to: string, currentPath: string): boolean {
  if (!to.startsWith('/') || to.startsWith('//')) return false;
  const target = pathnameOf(to);
  return OWN_POLICY_PATHS.has(target) && pathnameOf(currentPath) !== target;
}
