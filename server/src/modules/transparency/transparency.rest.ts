import { z } from 'zod';
import type { RestRoute } from '#server/services';
import { getPublicSiteData, getPublicTransparency } from './public-data.ts';
import { ZTransparencyCsvQuerySchema, ZTransparencyPaymentsCsvQuerySchema, ZTransparencyQuerySchema } from './transparency.schema.ts';
import { transparencyCsv, transparencyPaymentsCsv } from './transparency.ts';
import { ZTransparencySchema } from './transparency.schema.ts';
import { defineRestRoute } from '#server/http/rest-route';

/** REST adapters of the public site's data: the transparency page as JSON and each of its lists as CSV. */
export const transparencyRest: readonly RestRoute[] = [
  defineRestRoute({
    method: 'get',
    path: '/api/transparency',
    summary: 'What /transparency shows: money received and disbursed in the last 24 months by month and by cause, page ?page= (20 a page, newest first) of the verified donations with the donor named only when they agreed (else null: "Anonymous"), and page ?paidPage= (20 a page, newest first) of the payments to beneficiaries, nobody named',
    auth: 'public',
    query: ZTransparencyQuerySchema,
    response: ZTransparencySchema,
    status: 200,
    errors: [400],
    handler: async ({ res, services, query }) => {
      const asked = query();
      res.set('Cache-Control', 'no-cache').json(await getPublicTransparency(services, await getPublicSiteData(services), asked));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/transparency.csv',
    summary: 'Page ?page= of the verified donations as the page lists them (date, amount in rupees, cause, donor or "Anonymous"), headings in ?lang= (en or hi); UTF-8 with a BOM',
    auth: 'public',
    query: ZTransparencyCsvQuerySchema,
    response: z.string(),
    produces: 'text/csv',
    status: 200,
    errors: [400],
    handler: async ({ res, services, query }) => {
      const { page, lang } = query();
      const transparency = await getPublicTransparency(services, await getPublicSiteData(services), { page, paidPage: 1 });
      res
        .set({ 'Cache-Control': 'no-cache', 'Content-Disposition': `attachment; filename="transparency-page-${transparency.gifts.page}.csv"` })
        .type('text/csv; charset=utf-8')
        .send(transparencyCsv(transparency.gifts.items, lang));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/transparency/payments.csv',
    summary: 'Page ?paidPage= of the payments to beneficiaries as the page lists them (date paid, amount in rupees, cause, paid as a Kanyadan benefit or help), headings in ?lang= (en or hi); UTF-8 with a BOM; nobody named',
    auth: 'public',
    query: ZTransparencyPaymentsCsvQuerySchema,
    response: z.string(),
    produces: 'text/csv',
    status: 200,
    errors: [400],
    handler: async ({ res, services, query }) => {
      const { paidPage, lang } = query();
      const transparency = await getPublicTransparency(services, await getPublicSiteData(services), { page: 1, paidPage });
      res
        .set({ 'Cache-Control': 'no-cache', 'Content-Disposition': `attachment; filename="transparency-payments-page-${transparency.payments.page}.csv"` })
        .type('text/csv; charset=utf-8')
        .send(transparencyPaymentsCsv(transparency.payments.items, lang));
    },
  }),
];
