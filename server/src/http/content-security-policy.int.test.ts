import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { FAKE_BOOT_SCRIPT_HASH, fakeWebDist } from '#server/testing/fake-web-dist';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { checkoutDirectives, opensCheckout, siteDirectives } from './content-security-policy.ts';

/**
 * The CSP lets Razorpay Checkout in on /donate only, and only with the gateway configured
 * (issue 33, docs/decisions/068): every other page, and /donate without the gateway, keeps the
 * site's own policy to the byte.
 */
const GATEWAY = { keyId: 'rzp_test_csp', keySecret: 'secret', webhookSecret: 'webhook', apiBase: 'http://127.0.0.1:9' };
const OTHER_PAGES = ['/', '/donate/receipt/2025-26-000001', '/help', '/contact', '/login', '/no/such/page', '/api/docs/openapi.json', '/donate-now', '/donate/x'];

function directivesOf(header: string | undefined): Map<string, string> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(' ')[0]!, part.split(' ').slice(1).join(' ')] as const),
  );
}

describe('the Content-Security-Policy and the payment gateway', () => {
  let app: TestApp;
  const dist = fakeWebDist();
  let withoutGateway: ReturnType<typeof createApp>;
  let withGateway: ReturnType<typeof createApp>;

  beforeAll(async () => {
    app = await createTestApp('pglite');
    withoutGateway = createApp(app.services, { webDistDir: dist });
    withGateway = createApp({ ...app.services, config: { ...app.services.config, razorpay: GATEWAY } }, { webDistDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const csp = async (http: ReturnType<typeof createApp>, path: string) => {
    const response = await request(http).get(path);
    return response.headers['content-security-policy'] as string | undefined;
  };

  it('without the gateway, /donate has the policy of every other page, naming no Razorpay address', async () => {
    const site = await csp(withoutGateway, '/');
    expect(site).toContain(`script-src 'self' '${FAKE_BOOT_SCRIPT_HASH}'`);
    for (const path of ['/donate', '/donate?lang=hi', '/donate/status', '/donate/status?reference=ABCD-2345', ...OTHER_PAGES]) expect(await csp(withoutGateway, path), path).toBe(site);
    expect(site).not.toContain('razorpay');
    expect(directivesOf(site).has('frame-src')).toBe(false);
  });

  it('with the gateway, /donate (in both languages) allows Checkout’s script, frames and calls', async () => {
    // /donate/status too: an unpaid pledge is paid online from its status (decision 081).
    for (const path of ['/donate', '/donate?lang=hi', '/donate?help=ABCD2345', '/donate/', '/donate/status', '/donate/status?reference=ABCD-2345&lang=hi']) {
      const donate = directivesOf(await csp(withGateway, path));
      expect(donate.get('script-src'), path).toBe(`'self' '${FAKE_BOOT_SCRIPT_HASH}' https://checkout.razorpay.com`);
      expect(donate.get('frame-src'), path).toBe("'self' https://api.razorpay.com https://checkout.razorpay.com");
      expect(donate.get('connect-src'), path).toBe("'self' https://api.razorpay.com https://lumberjack.razorpay.com");
    }
  });

  it('with the gateway, /donate loosens nothing else, and no other page changes by a byte', async () => {
    const site = await csp(withoutGateway, '/');
    const donate = directivesOf(await csp(withGateway, '/donate'));
    for (const [name, value] of directivesOf(site)) if (!['script-src', 'connect-src'].includes(name)) expect(donate.get(name), name).toBe(value);
    expect([...donate.keys()].filter((name) => !directivesOf(site).has(name))).toEqual(['frame-src']);
    expect(donate.get('frame-ancestors')).toBe("'none'");
    for (const path of OTHER_PAGES) expect(await csp(withGateway, path), path).toBe(site);
    // The other security headers are the same on /donate.
    const [page, other] = await Promise.all([request(withGateway).get('/donate'), request(withGateway).get('/')]);
    for (const header of ['x-frame-options', 'referrer-policy', 'x-content-type-options', 'strict-transport-security']) expect(page.headers[header], header).toBe(other.headers[header]);
  });

  it('names the one page that opens Checkout, and adds only Checkout’s sources to the site’s', () => {
    expect(['/donate', '/donate/', '/donate/status', '/donate/status/'].every(opensCheckout)).toBe(true);
    expect(['/', '/donate/statusx', '/donate/receipt/2025-26-000001', '/donatex', '/api/donations', '/help/donate', ''].some(opensCheckout)).toBe(false);
    const site = siteDirectives({ isProduction: true }, ["'sha256-x'"]);
    const donate = checkoutDirectives(site);
    expect(donate.scriptSrc).toEqual(["'self'", "'sha256-x'", 'https://checkout.razorpay.com']);
    expect(donate.upgradeInsecureRequests).toEqual([]);
    expect(site.frameSrc).toBeUndefined();
  });
});
