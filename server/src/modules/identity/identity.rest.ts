import { Router } from 'express';
import { AppError } from '#server/errors/app-error';
import { handle, parseInput, requestMeta } from '#server/http/rest';
import type { Services } from '#server/services';
import { getPublicCard, registerMember } from './accounts.ts';
import { ZUserIdSchema } from './fields.schema.ts';
import { logIn } from './login.ts';
import { ZLoginRequestSchema } from './login.schema.ts';
import { INVALID_REFERRAL } from './register.decide.ts';
import { ZRegisterRequestSchema } from './register.schema.ts';
import { z } from 'zod';

/** REST adapters of PRODUCT.md §12 for other clients; the same module functions as the tRPC routes. */
export function identityRest(services: Services): Router {
  const rest = Router();

  rest.post(
    '/users/login',
    handle(async (req, res) => {
      const input = parseInput(ZLoginRequestSchema, req.body);
      const { user, token } = await logIn(services, input, { kind: 'bearer', ip: req.ip ?? null });
      res.json({ userId: user.userId, fullName: user.fullName, token });
    }),
  );

  rest.post(
    '/users/register',
    handle(async (req, res) => {
      const input = parseInput(ZRegisterRequestSchema, req.body);
      const result = await registerMember(services, input, requestMeta(req, res));
      res.status(201).json(result);
    }),
  );

  rest.get(
    '/users/:id',
    handle(async (req, res) => {
      const { id } = parseInput(z.object({ id: ZUserIdSchema }), req.params);
      const card = await getPublicCard(services.db, id);
      if (!card) throw new AppError('NOT_FOUND', { userMessage: INVALID_REFERRAL });
      res.json(card);
    }),
  );

  return rest;
}
