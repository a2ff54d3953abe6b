import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mountLegacyLinks, NO_PAID_LEVELS_PATH } from './legacy-links.ts';

/** An app with the old links in front of a page that answers every other path. */
function app() {
  const served = express();
  mountLegacyLinks(served);
  served.use((_req, res) => {
    res.status(200).send('page');
  });
  return served;
}

describe('the old product’s links', () => {
  it.each([
    ['/admin', '/admin/dashboard'],
    ['/admin/login', '/admin-login'],
    ['/Admin/Login/', '/admin-login'],
    ['/DashboardFooter', '/dashboard'],
    ['/withdrawal', '/my-help'],
    ['/GlobalWithdrawApproval', '/admin/disbursements'],
    ['/admin/global-approvals', '/admin/disbursements'],
    ['/user/personalTeamHelp', '/my-help'],
    ['/LevelIncomeHistory', '/my-help'],
    ['/sponsor-history/SH1234567', '/LevelTree'],
    ['/upload-payment', NO_PAID_LEVELS_PATH],
    ['/sponsor-approval', NO_PAID_LEVELS_PATH],
    ['/UnlockPaymentSection', NO_PAID_LEVELS_PATH],
    ['/global-dashboard', NO_PAID_LEVELS_PATH],
    ['/global-payment', NO_PAID_LEVELS_PATH],
    ['/global-income', NO_PAID_LEVELS_PATH],
    ['/Global-Level-History/SH1234567/', NO_PAID_LEVELS_PATH],
    ['/silver-matrix/SH1234567', NO_PAID_LEVELS_PATH],
    ['/gold-matrix/SH1234567/', NO_PAID_LEVELS_PATH],
  ])('%s answers 308 to %s, keeping the language', async (old, now) => {
    const plain = await request(app()).get(old);
    expect([plain.status, plain.headers.location]).toEqual([308, now]);
    const hindi = await request(app()).get(`${old}?lang=hi`);
    expect([hindi.status, hindi.headers.location]).toEqual([308, `${now}?lang=hi`]);
  });

  it('matches the old paths in any case, and leaves every other path, and other methods, alone', async () => {
    expect((await request(app()).get('/WITHDRAWAL')).headers.location).toBe('/my-help');
    for (const path of ['/admin/dashboard', '/admin/help', '/my-help', '/matrix', '/donate', '/withdrawals', '/global', '/help/global-warming']) {
      const res = await request(app()).get(path);
      expect([path, res.status]).toEqual([path, 200]);
    }
    expect((await request(app()).post('/withdrawal')).status).toBe(200);
    // Only en and hi are kept: anything else is not a language of the site.
    expect((await request(app()).get('/withdrawal?lang=fr')).headers.location).toBe('/my-help');
  });
});

/**
 * Every route of the original site (issue 29, PRODUCT.md §3), as the server answers it: a page Sahay
 * still has (passed on to the page renderer), or a permanent redirect to its lawful counterpart.
 * The web router's answer for the same list is tested in web/src/original-site-routes.test.tsx.
 */
describe('every route of the original site, on the server', () => {
  const PAGE = null;
  const ROUTES: ReadonlyArray<[string, string | null]> = [
    ['/upload-payment', NO_PAID_LEVELS_PATH],
    ['/sponsor-approval', NO_PAID_LEVELS_PATH],
    ['/UnlockPaymentSection', NO_PAID_LEVELS_PATH],
    ['/LevelIncomeHistory', '/my-help'],
    ['/sponsor-history/SH1234567', '/LevelTree'],
    ['/LevelTree', PAGE],
    ['/user/personalTeamHelp', '/my-help'],
    ['/epin-dashboard', PAGE],
    ['/global-dashboard', NO_PAID_LEVELS_PATH],
    ['/direct-joining', PAGE],
    ['/DashboardFooter', '/dashboard'],
    ['/global-payment', NO_PAID_LEVELS_PATH],
    ['/admin/global-approvals', '/admin/disbursements'],
    ['/global-matrix/SH1234567', NO_PAID_LEVELS_PATH],
    ['/silver-matrix/SH1234567', NO_PAID_LEVELS_PATH],
    ['/gold-matrix/SH1234567', NO_PAID_LEVELS_PATH],
    ['/diamond-matrix/SH1234567', NO_PAID_LEVELS_PATH],
    ['/double-diamond-matrix/SH1234567', NO_PAID_LEVELS_PATH],
    ['/withdrawal', '/my-help'],
    ['/GlobalWithdrawApproval', '/admin/disbursements'],
    ['/admin-login', PAGE],
    ['/admin/dashboard', PAGE],
    ['/admin/company-directs', '/admin/members'],
    ['/admin/company-joiners', '/admin/members'],
    ['/KanyadanYojna', PAGE],
    ['/kanyadanRegistration', PAGE],
  ];

  it.each(ROUTES)('%s: %s (null: the page itself)', async (old, target) => {
    const res = await request(app()).get(old);
    if (target === PAGE) expect([res.status, res.text]).toEqual([200, 'page']);
    else expect([res.status, res.headers.location]).toEqual([308, target]);
    // Where it leads is a page, not another redirect.
    if (target) expect((await request(app()).get(target)).status).toBe(200);
  });
});

