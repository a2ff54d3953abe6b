import { Router } from 'express';
import { AppError } from '#server/errors/app-error';
import { handle, parseInput, requestMeta, requireUser } from '#server/http/rest';
import type { Services } from '#server/services';
import { getPublicCard, registerMember } from './accounts.ts';
import { changePassword } from './change-password.ts';
import { ZChangePasswordRequestSchema } from './change-password.schema.ts';
import { ZUserIdSchema } from './fields.schema.ts';
import { logIn } from './login.ts';
import { ZLoginRequestSchema } from './login.schema.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { ZRequestPasswordResetRequestSchema, ZResetPasswordRequestSchema } from './password-reset.schema.ts';
import { getProfile, PROFILE_EDIT_NOT_YOURS, updateProfile } from './profile.ts';
import { ZUpdateProfileRequestSchema } from './profile.schema.ts';
import { findQrCodeFile, QR_IMAGE_NOT_FOUND, uploadQrCode } from './qr-code.ts';
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

  rest.post(
    '/users/verify-user',
    handle(async (req, res) => {
      const input = parseInput(ZRequestPasswordResetRequestSchema, req.body);
      res.json(await requestPasswordReset(services, input, requestMeta(req, res)));
    }),
  );

  rest.put(
    '/users/reset-password',
    handle(async (req, res) => {
      const input = parseInput(ZResetPasswordRequestSchema, req.body);
      res.json(await resetPassword(services, input, requestMeta(req, res)));
    }),
  );

  rest.put(
    '/users/change-password',
    handle(async (req, res) => {
      const user = requireUser(res);
      const input = parseInput(ZChangePasswordRequestSchema, req.body);
      res.json(await changePassword(services, { userId: user.userId, token: res.locals.sessionToken ?? null }, input, requestMeta(req, res)));
    }),
  );

  // Before GET /users/:id, so that "profile" is never taken for a user ID.
  rest.get(
    '/users/profile/:id',
    handle(async (req, res) => {
      const user = requireUser(res);
      const { id } = parseInput(z.object({ id: ZUserIdSchema }), req.params);
      res.json(await getProfile(services.db, user, id));
    }),
  );

  rest.put(
    '/users/profile/:id',
    handle(async (req, res) => {
      const user = requireUser(res);
      const { id } = parseInput(z.object({ id: ZUserIdSchema }), req.params);
      // Even admins edit only their own profile here.
      if (id !== user.userId) throw new AppError('FORBIDDEN', { userMessage: PROFILE_EDIT_NOT_YOURS });
      const input = parseInput(ZUpdateProfileRequestSchema, req.body);
      res.json(await updateProfile(services, user, input, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/users/upload-profile-assets/:id',
    handle(async (req, res) => {
      const user = requireUser(res);
      const { id } = parseInput(z.object({ id: ZUserIdSchema }), req.params);
      res.status(202).json(await uploadQrCode(services, user, id, req, requestMeta(req, res)));
    }),
  );

  rest.get(
    '/users/profile-assets/:id/qr-code/:uploadId',
    handle(async (req, res) => {
      const user = requireUser(res);
      const { id, uploadId } = parseInput(z.object({ id: ZUserIdSchema, uploadId: z.uuid('Unknown image') }), req.params);
      const file = await findQrCodeFile(services, user, id, uploadId);
      if (!file) throw new AppError('NOT_FOUND', { userMessage: QR_IMAGE_NOT_FOUND });
      res.set('Cache-Control', 'private, max-age=3600');
      res.type('image/webp');
      await new Promise<void>((resolve, reject) => res.sendFile(file, { cacheControl: false }, (error) => (error ? reject(error) : resolve())));
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
