import { AppError } from '#server/errors/app-error';
import { defineRestRoute } from '#server/http/rest-route';
import type { RestRoute } from '#server/services';
import { recordWebVitals, UNKNOWN_PAGE } from './web-vitals.ts';
import { ZWebVitalsReportSchema } from './web-vitals.schema.ts';

/** The site's REST routes. */
export const siteRest: readonly RestRoute[] = [
  // Core Web Vitals from a sample of real visits (sendBeacon). Only the page names the web build
  // declares are taken (so no address, ID or made-up name can be stored); anything else is a 400.
  defineRestRoute({
    method: 'post',
    path: '/api/vitals',
    isSessionless: true,
    summary: 'Core Web Vitals of one sampled visit (page as a route pattern; LCP and INP in ms, CLS); nothing about the visitor is stored',
    auth: 'public',
    request: ZWebVitalsReportSchema,
    status: 204,
    errors: [400, 413, 429],
    handler: async ({ req, res, services, pages, body }) => {
      const report = body();
      if (!pages.has(report.page)) throw new AppError('BAD_REQUEST', { userMessage: 'Please correct the highlighted fields.', fieldErrors: { page: [UNKNOWN_PAGE] } });
      await recordWebVitals(services, report, req.ip ?? null);
      res.status(204).end();
    },
  }),
];
