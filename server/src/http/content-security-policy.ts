import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '#server/config';

/**
 * Razorpay Checkout (issue 33; docs/decisions/068): its script, the frames it opens and the
 * addresses it calls. Allowed on /donate and /donate/status only (an unpaid pledge is paid from its
 * status too, decision 081), and only with the gateway configured: every other page's policy is the
 * site's own.
 */
export const CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const CHECKOUT_SOURCES = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  // Checkout's script asks the API for the payment methods and sends its own error reports.
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
} as const;

/** The pages that open Checkout: /donate and /donate/status in either language (`?lang=hi` is a query, not a path). */
export function opensCheckout(path: string): boolean {
  return path === '/donate' || path === '/donate/' || path === '/donate/status' || path === '/donate/status/';
}

type Directives = Record<string, Iterable<string> | null>;

/** The site's policy: this origin, the web build's boot script by its hash, no frames at all. */
export function siteDirectives(config: Pick<Config, 'isProduction'>, inlineScriptSources: readonly string[]): Directives {
  return {
    defaultSrc: ["'self'"],
    // Scripts from this origin, and the web build's boot script by its hash; no other inline script.
    scriptSrc: ["'self'", ...inlineScriptSources],
    // Critical CSS is inlined in rendered pages.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}

/** The site's policy with Checkout's sources added (frame-src, unset on the site, falls back to default-src 'self'). */
export function checkoutDirectives(site: Directives): Directives {
  return {
    ...site,
    scriptSrc: [...(site.scriptSrc ?? []), ...CHECKOUT_SOURCES.scriptSrc],
    frameSrc: ["'self'", ...CHECKOUT_SOURCES.frameSrc],
    connectSrc: [...(site.connectSrc ?? []), ...CHECKOUT_SOURCES.connectSrc],
  };
}

/**
 * helmet's headers for every answer: the site's CSP, and on /donate with the gateway configured
 * the same policy with Checkout's sources. The other headers are the same everywhere.
 */
export function securityHeaders(config: Pick<Config, 'isProduction' | 'razorpay'>, inlineScriptSources: readonly string[]): RequestHandler {
  const withPolicy = (directives: Directives) =>
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  const site = siteDirectives(config, inlineScriptSources);
  const everyPage = withPolicy(site);
  if (!config.razorpay) return everyPage;
  const donatePage = withPolicy(checkoutDirectives(site));
  return (req, res, next) => (opensCheckout(req.path) ? donatePage : everyPage)(req, res, next);
}
