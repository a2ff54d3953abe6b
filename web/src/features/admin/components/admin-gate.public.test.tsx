import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';

/**
 * Issue 36: a signed-out visitor at an admin page is taken to the admin login at once, and never
 * sees "Access Denied!" on the way; a signed-in member still does (PRODUCT.md §9), and an admin
 * gets the page.
 */
const state = vi.hoisted(() => ({ me: null as unknown }));
vi.mock('#web/features/identity/hooks/use-me.public.ts', () => ({
  useMe: () => ({ data: state.me, isPending: false, isError: false, error: null, refetch: () => undefined }),
}));

const { AdminGate } = await import('./admin-gate.public.tsx');

beforeAll(async () => {
  for (const lang of ['en', 'hi'] as const) await loadNamespaces(lang, ['core', 'admin', 'messages']);
});

function render(me: unknown): { html: string; redirectTo: string | undefined } {
  state.me = me;
  const ssrContext: { redirectTo?: string } = {};
  const html = renderToString(
    <I18nProvider initialLang="en">
      <Router base="/admin" ssrPath="/admin/dashboard" ssrContext={ssrContext}>
        <AdminGate permission={null}>{() => <p>the console</p>}</AdminGate>
      </Router>
    </I18nProvider>,
  );
  return { html, redirectTo: ssrContext.redirectTo };
}

const member = { userId: 'SH1234567', role: 'member', permissions: [], twoFactorSetupRequired: false };

describe('the admin gate', () => {
  it('takes a signed-out visitor to /admin-login at once, without "Access Denied!"', () => {
    const { html, redirectTo } = render(null);
    expect(redirectTo).toBe('~/admin-login');
    expect(html).not.toContain('Access Denied!');
    expect(html).not.toContain('the console');
  });

  it('still tells a signed-in member "Access Denied!", and lets an admin in', () => {
    const denied = render(member);
    expect(denied.redirectTo).toBeUndefined();
    expect(denied.html).toContain('Access Denied!');
    const admin = render({ ...member, role: 'admin', permissions: ['super'] });
    expect(admin.redirectTo).toBeUndefined();
    expect(admin.html).toContain('the console');
  });
});
