import { Router } from 'express';
import { handle, parseInput } from '#server/http/rest';
import type { Services } from '#server/services';
import { recordWebVitals } from './web-vitals.ts';
import { ZWebVitalsReportSchema } from './web-vitals.schema.ts';

export function siteRest(services: Services): Router {
  const rest = Router();

  // Core Web Vitals from a sample of real visits, sent with navigator.sendBeacon as a page is left.
  rest.post(
    '/vitals',
    handle(async (req, res) => {
      await recordWebVitals(services, parseInput(ZWebVitalsReportSchema, req.body), req.ip ?? null);
      res.status(204).end();
    }),
  );

  return rest;
}
