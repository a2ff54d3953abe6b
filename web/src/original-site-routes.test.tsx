import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { NO_PAID_LEVELS_PATH } from '@sahay/server/modules/site/legacy-links.schema';
import AdminRoutes from './features/admin/admin-routes.tsx';
import * as adminPages from './features/admin/admin-pages.ts';
import * as donationsStaffPages from './features/donations/admin/staff-routes.ts';
import * as helpStaffPages from './features/help/admin/staff-routes.ts';
import * as kanyadanStaffPages from './features/kanyadan/admin/staff-routes.ts';
import * as siteStaffPages from './features/site/admin/staff-routes.ts';
import * as pages from './pages.ts';
import { AppRoutes } from './routes.tsx';
import { publicSiteFixture } from './testing/public-site-fixture.ts';
import { createTestRenderer } from './testing/test-renderer.ts';
import type { Renderer } from './entry-server.tsx';

/**
 * Every route of the original site (issue 29, PRODUCT.md §3) as the web answers it: what the server
 * renders for the path (a page, the app shell, or 404), and which page the client router shows for
 * it — itself, or the page it redirects to. Never the 404 page. The server's permanent redirects for
 * the same list are tested in server/src/http/legacy-links.test.ts.
 *
 * Pages are stood in for by markers naming them, so the router's choice is what is tested here.
 */
/** Each stand-in page's ID → its loader's source, shared by the mock below and the tests (vi.hoisted). */
const { loaders } = vi.hoisted(() => ({ loaders: new Map<string, string>() }));

vi.mock('./lib/lazy-page.tsx', async () => {
  const { createElement } = await import('react');
  let next = 0;
  return {
    forgetFailedPageLoads: () => undefined,
    lazyPage: (load: () => Promise<unknown>, namespaces: readonly string[] = []) => {
      const id = `page-${(next += 1)}`;
      loaders.set(id, String(load));
      return { id, namespaces, preload: async () => undefined, Component: () => createElement('main', { 'data-page': id }) };
    },
  };
});

type Expected = { page: string } | { redirect: string; page: string };

const ROUTES: ReadonlyArray<[string, Expected]> = [
  ['/upload-payment', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/sponsor-approval', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/UnlockPaymentSection', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/LevelIncomeHistory', { redirect: '/my-help', page: 'myHelpPage' }],
  ['/sponsor-history/SH1234567', { redirect: '/LevelTree', page: 'levelTreePage' }],
  ['/LevelTree', { page: 'levelTreePage' }],
  ['/user/personalTeamHelp', { redirect: '/my-help', page: 'myHelpPage' }],
  ['/epin-dashboard', { page: 'epinDashboardPage' }],
  ['/global-dashboard', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/direct-joining', { page: 'directJoiningPage' }],
  ['/DashboardFooter', { redirect: '/dashboard', page: 'dashboardPage' }],
  ['/global-payment', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/admin/global-approvals', { redirect: '/admin/disbursements', page: 'adminDisbursementsPage' }],
  ['/global-matrix/SH1234567', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/silver-matrix/SH1234567', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/gold-matrix/SH1234567', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/diamond-matrix/SH1234567', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/double-diamond-matrix/SH1234567', { redirect: NO_PAID_LEVELS_PATH, page: 'noPaidLevelsPage' }],
  ['/withdrawal', { redirect: '/my-help', page: 'myHelpPage' }],
  ['/GlobalWithdrawApproval', { redirect: '/admin/disbursements', page: 'adminDisbursementsPage' }],
  ['/admin-login', { page: 'adminLoginPage' }],
  // Not the original site's, but the address people guess for the staff sign-in (issue 36).
  ['/admin/login', { redirect: '/admin-login', page: 'adminLoginPage' }],
  ['/admin/dashboard', { page: 'adminDashboardPage' }],
  ['/admin/company-directs', { redirect: '/admin/members', page: 'adminMembersPage' }],
  ['/admin/company-joiners', { redirect: '/admin/members', page: 'adminMembersPage' }],
  ['/KanyadanYojna', { page: 'kanyadanYojnaPage' }],
  ['/kanyadanRegistration', { page: 'kanyadanRegistrationPage' }],
];

/** Each stand-in page's export name, by the marker it renders. */
const names = new Map<string, string>();
const staffPages = [adminPages, siteStaffPages, donationsStaffPages, kanyadanStaffPages, helpStaffPages];
for (const [name, value] of [...Object.entries(pages), ...staffPages.flatMap((module) => Object.entries(module))]) {
  const id = (value as { id?: unknown } | null)?.id;
  if (typeof id === 'string') names.set(id, name);
}

/** What the client router shows at a path: the page's name, or where it redirects. */
async function clientRoute(path: string): Promise<{ page?: string; redirectTo?: string }> {
  const ssrContext: { redirectTo?: string } = {};
  const html = renderToString(
    <Router ssrPath={path} ssrContext={ssrContext}>
      <AppRoutes />
    </Router>,
  );
  if (ssrContext.redirectTo) return { redirectTo: ssrContext.redirectTo };
  const id = /data-page="([^"]+)"/.exec(html)?.[1] ?? '';
  if (names.has(id)) return { page: names.get(id) };
  // The admin area, loaded on demand: its own routes, under /admin.
  expect(loaders.get(id), `${path}: ${html}`).toContain('admin-routes');
  const nested: { redirectTo?: string } = {};
  const adminHtml = renderToString(
    <Router base="/admin" ssrPath={path} ssrContext={nested}>
      <AdminRoutes />
    </Router>,
  );
  if (nested.redirectTo) return { redirectTo: nested.redirectTo };
  return { page: names.get(/data-page="([^"]+)"/.exec(adminHtml)?.[1] ?? '') };
}

let renderer: Renderer;
beforeAll(async () => {
  renderer = await createTestRenderer();
});

describe('every route of the original site, in the web', () => {
  it.each(ROUTES)('%s → %o', async (path, expected) => {
    const shown = await clientRoute(path);
    if ('redirect' in expected) {
      expect(shown).toEqual({ redirectTo: expected.redirect });
      expect(await clientRoute(expected.redirect)).toEqual({ page: expected.page });
    } else {
      expect(shown).toEqual({ page: expected.page });
    }
    // The server renders the page (or the app shell) for it, not the 404 page.
    const landing = 'redirect' in expected ? expected.redirect : path;
    expect(renderer.render({ path: landing, search: '', data: publicSiteFixture() }).status, landing).toBe(200);
    expect(expected.page).not.toBe('notFoundPage');
  });
});
