import { Router } from 'express';
import { AppError } from '#server/errors/app-error';
import { CORRECT_THE_FIELDS } from '#server/errors/field-errors';
import { handle, parseInput, requestMeta, requireUser } from '#server/http/rest';
import type { Services } from '#server/services';
import { lookUpPublicCard } from './accounts/accounts.ts';
import { changePassword } from './passwords/change-password.ts';
import { ZChangePasswordRequestSchema } from './passwords/change-password.schema.ts';
import { ZUserIdSchema } from './fields.schema.ts';
import { logIn } from './accounts/login.ts';
import { revokeSession } from './accounts/sessions.ts';
import { ZLoginRequestSchema } from './accounts/login.schema.ts';
import { requestPasswordReset, resetPassword } from './passwords/password-reset.ts';
import { ZRequestPasswordResetRequestSchema, ZResetPasswordRequestSchema } from './passwords/password-reset.schema.ts';
import { getProfile, PROFILE_EDIT_NOT_YOURS, updateProfile } from './profile/profile.ts';
import { assertIfscsInList } from './profile/ifsc-list.ts';
import { ZUpdateProfileRestRequestSchema } from './profile/profile.schema.ts';
import { findQrCodeImage, QR_IMAGE_NOT_FOUND, uploadQrCode } from './profile/qr-code.ts';
import { findIdPhoto, removeIdPhoto, uploadIdPhoto } from './profile/id-photo.ts';
import { z } from 'zod';

/** The original product's names for profile fields, accepted by PUT /api/users/profile/:id beside ours. */
export const PROFILE_FIELD_ALIASES: Readonly<Record<string, string>> = { ifscCode: 'ifsc', accountHolderName: 'accountHolder', personalContact: 'phone' };
export const ALIAS_AND_NAME = 'Give this field once, under one name.';

/**
 * A profile update under our names, whatever names the client used; field errors come back under
 * the names it sent. A field given under both names is refused rather than one silently winning.
 */
function parseProfileUpdate(body: unknown): z.output<typeof ZUpdateProfileRestRequestSchema> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return parseInput(ZUpdateProfileRestRequestSchema, body);
  const sentAs = new Map<string, string>();
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const name = Object.hasOwn(PROFILE_FIELD_ALIASES, key) ? PROFILE_FIELD_ALIASES[key]! : key;
    if (sentAs.has(name)) throw new AppError('BAD_REQUEST', { userMessage: CORRECT_THE_FIELDS, fieldErrors: { [key]: [ALIAS_AND_NAME], [sentAs.get(name)!]: [ALIAS_AND_NAME] } });
    sentAs.set(name, key);
    renamed[name] = value;
  }
  try {
    const update = parseInput(ZUpdateProfileRestRequestSchema, renamed);
    // updateProfile checks this too; checked here as well so its field error comes back under the name sent (ifscCode).
    assertIfscsInList({ ifsc: update.ifsc });
    return update;
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([name, messages]) => [sentAs.get(name) ?? name, messages]));
    throw new AppError('BAD_REQUEST', { userMessage: error.userMessage, fieldErrors });
  }
}

/** REST adapters of PRODUCT.md §12 for other clients; the same module functions as the tRPC routes. */
export function identityRest(services: Services): Router {
  const rest = Router();

  rest.post(
    '/users/login',
    handle(async (req, res) => {
      const input = parseInput(ZLoginRequestSchema, req.body);
      const { user, token } = await logIn(services, input, { kind: 'bearer', ip: req.ip ?? null });
      res.json({ userId: user.userId, fullName: user.fullName, role: user.role, permissions: user.permissions, twoFactorSetupRequired: user.twoFactorSetupRequired, token });
    }),
  );

  rest.post(
    '/users/logout',
    handle(async (req, res) => {
      parseInput(z.strictObject({}), req.body);
      // The token this request came with (bearer, or the web's cookie), and only it; already ended or
      // unknown is the same outcome: it no longer signs anyone in.
      const token = res.locals.sessionToken as string | null;
      if (token) await revokeSession(services.db, token, services.now());
      if (!req.get('authorization')) res.locals.setSessionCookie(null);
      res.json({ ok: true });
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
      res.json(await updateProfile(services, user, parseProfileUpdate(req.body), requestMeta(req, res)));
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
      const image = await findQrCodeImage(services, user, id, uploadId);
      if (!image) throw new AppError('NOT_FOUND', { userMessage: QR_IMAGE_NOT_FOUND });
      res.set('Cache-Control', 'private, max-age=3600');
      res.type(image.mediaType);
      res.send(image.bytes);
    }),
  );

  // The I-card photo (issue 16): a route of its own rather than a second field of
  // upload-profile-assets, whose one file and answer ({qrCode}) other clients already rely on.
  rest.post(
    '/users/profile-assets/:id/id-photo',
    handle(async (req, res) => {
      const user = requireUser(res);
      const { id } = parseInput(z.object({ id: ZUserIdSchema }), req.params);
      res.status(202).json(await uploadIdPhoto(services, user, id, req, requestMeta(req, res)));
    }),
  );

  rest.post(
    '/users/profile-assets/:id/id-photo/remove',
    handle(async (req, res) => {
      const user = requireUser(res);
      const { id } = parseInput(z.object({ id: ZUserIdSchema }), req.params);
      if (id !== user.userId) throw new AppError('FORBIDDEN', { userMessage: PROFILE_EDIT_NOT_YOURS });
      parseInput(z.strictObject({}), req.body ?? {});
      res.json(await removeIdPhoto(services, user, requestMeta(req, res)));
    }),
  );

  rest.get(
    '/users/profile-assets/:id/id-photo/:uploadId',
    handle(async (req, res) => {
      const user = requireUser(res);
      const { id, uploadId } = parseInput(z.object({ id: ZUserIdSchema, uploadId: z.uuid('Unknown image') }), req.params);
      const image = await findIdPhoto(services, user, id, uploadId);
      if (!image) throw new AppError('NOT_FOUND', { userMessage: QR_IMAGE_NOT_FOUND });
      res.set('Cache-Control', 'private, max-age=3600');
      res.type(image.mediaType);
      res.send(image.bytes);
    }),
  );

  rest.get(
    '/users/:id',
    handle(async (req, res) => {
      const { id } = parseInput(z.object({ id: ZUserIdSchema }), req.params);
      res.json(await lookUpPublicCard(services, id, requestMeta(req, res)));
    }),
  );

  return rest;
}
