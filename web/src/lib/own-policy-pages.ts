/**
 * Pages whose Content-Security-Policy differs from the site's: /donate and /donate/status, which
 * may open Razorpay Checkout (docs/decisions/068, 081), and share one policy. A browser applies the
 * policy of the document it loaded, so an in-app navigation from another page would keep that
 * page's policy and Checkout could not load: such a page is reached by loading it, unless the
 * reader is on a page of the same policy already (from /donate to its status, say, which keeps the
 * contact handed over in the history state).
 */
const OWN_POLICY_PATHS = new Map([
  ['/donate', 'checkout'],
  ['/donate/status', 'checkout'],
]);

function pathnameOf(href: string): string {
  const path = href.split(/[?#]/, 1)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether navigating from `currentPath` to `to` must load the document. */
export function needsDocumentLoad(to: string, currentPath: string): boolean {
  if (!to.startsWith('/') || to.startsWith('//')) return false;
  const policy = OWN_POLICY_PATHS.get(pathnameOf(to));
  return policy !== undefined && OWN_POLICY_PATHS.get(pathnameOf(currentPath)) !== policy;
}
