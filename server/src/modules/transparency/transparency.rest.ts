import { Router } from 'express';
import { handle, parseInput } from '#server/http/rest';
import type { Services } from '#server/services';
import { getPublicSiteData, getPublicTransparency } from './public-data.ts';
import { ZTransparencyCsvQuerySchema, ZTransparencyPaymentsCsvQuerySchema, ZTransparencyQuerySchema } from './transparency.schema.ts';
import { transparencyCsv, transparencyPaymentsCsv } from './transparency.ts';

/** REST adapters of the public site's data: the transparency page as JSON and each of its lists as CSV. */
export function transparencyRest(services: Services): Router {
  const rest = Router();

  rest.get(
    '/transparency',
    handle(async (req, res) => {
      const asked = parseInput(ZTransparencyQuerySchema, req.query);
      res.set('Cache-Control', 'no-cache').json(await getPublicTransparency(services, await getPublicSiteData(services), asked));
    }),
  );

  rest.get(
    '/transparency.csv',
    handle(async (req, res) => {
      const { page, lang } = parseInput(ZTransparencyCsvQuerySchema, req.query);
      const transparency = await getPublicTransparency(services, await getPublicSiteData(services), { page, paidPage: 1 });
      res
        .set({ 'Cache-Control': 'no-cache', 'Content-Disposition': `attachment; filename="transparency-page-${transparency.gifts.page}.csv"` })
        .type('text/csv; charset=utf-8')
        .send(transparencyCsv(transparency.gifts.items, lang));
    }),
  );

  rest.get(
    '/transparency/payments.csv',
    handle(async (req, res) => {
      const { paidPage, lang } = parseInput(ZTransparencyPaymentsCsvQuerySchema, req.query);
      const transparency = await getPublicTransparency(services, await getPublicSiteData(services), { page: 1, paidPage });
      res
        .set({ 'Cache-Control': 'no-cache', 'Content-Disposition': `attachment; filename="transparency-payments-page-${transparency.payments.page}.csv"` })
        .type('text/csv; charset=utf-8')
        .send(transparencyPaymentsCsv(transparency.payments.items, lang));
    }),
  );

  return rest;
}
