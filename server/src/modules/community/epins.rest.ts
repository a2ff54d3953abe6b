import { Router } from 'express';
import { handle, parseInput, requestMeta, requireAdmin } from '#server/http/rest';
import type { Services } from '#server/services';
import { generateEpins, listAllEpins } from './epins.ts';
import { ZGenerateEpinsRequestSchema } from './epins.schema.ts';

export function epinsRest(services: Services): Router {
  const rest = Router();

  rest.post(
    '/epins/generate-epins',
    handle(async (req, res) => {
      const admin = requireAdmin(res, 'members');
      const { count } = parseInput(ZGenerateEpinsRequestSchema, req.body);
      res.status(201).json({ epins: await generateEpins(services, admin.userId, count, requestMeta(req, res)) });
    }),
  );

  rest.get(
    '/epins/epins',
    handle(async (_req, res) => {
      requireAdmin(res, 'members');
      res.json({ epins: await listAllEpins(services.db, services.now()) });
    }),
  );

  return rest;
}
