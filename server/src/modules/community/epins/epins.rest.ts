import type { RestRoute } from '#server/services';
import { generateEpins, listAllEpins } from './epins.ts';
import { ZGenerateEpinsRequestSchema } from './epins.schema.ts';
import { ZEpinListResponseSchema } from './epins.schema.ts';
import { defineRestRoute } from '#server/http/rest-route';

export const epinsRest: readonly RestRoute[] = [
  defineRestRoute({
    method: 'post',
    path: '/api/epins/generate-epins',
    summary: 'Generate invite codes, held by the admin (permission: members)',
    auth: { admin: ['members'] },
    request: ZGenerateEpinsRequestSchema,
    response: ZEpinListResponseSchema,
    status: 201,
    errors: [400, 401, 403],
    handler: async ({ res, services, user, meta, body }) => {
      const { count } = body();
      res.status(201).json({ epins: await generateEpins(services, user.userId, count, meta) });
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/epins/epins',
    summary: 'Every invite code with its status (permission: members)',
    auth: { admin: ['members'] },
    response: ZEpinListResponseSchema,
    status: 200,
    errors: [401, 403],
    handler: async ({ res, services }) => {
      res.json({ epins: await listAllEpins(services.db, services.now()) });
    },
  }),
];
