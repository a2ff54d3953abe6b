import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { ALIAS_AND_NAME, defineRestRoute } from '#server/http/rest-route';
import type { RestRoute } from '#server/services';
import { lookUpPublicCard } from './accounts/accounts.ts';
import { ZPublicCardSchema } from './accounts/get-public-card.schema.ts';
import { logIn } from './accounts/login.ts';
import { ZLoginRequestSchema, ZLoginResponseSchema } from './accounts/login.schema.ts';
import { revokeSession } from './accounts/sessions.ts';
import { ZUserIdSchema } from './fields.schema.ts';
import { changePassword } from './passwords/change-password.ts';
import { ZChangePasswordRequestSchema } from './passwords/change-password.schema.ts';
import { requestPasswordReset, resetPassword } from './passwords/password-reset.ts';
import { ZPasswordMessageResponseSchema, ZRequestPasswordResetRequestSchema, ZResetPasswordRequestSchema } from './passwords/password-reset.schema.ts';
import { findIdPhoto, removeIdPhoto, uploadIdPhoto } from './profile/id-photo.ts';
import { assertIfscsInList } from './profile/ifsc-list.ts';
import { getProfile, PROFILE_EDIT_NOT_YOURS, PROFILE_NOT_YOURS, updateProfile } from './profile/profile.ts';
import {
  ZProfileSchema,
  ZRemoveIdPhotoResponseSchema,
  ZUpdateProfileRestRequestSchema,
  ZUploadIdPhotoResponseSchema,
  ZUploadProfileAssetsResponseSchema,
} from './profile/profile.schema.ts';
import { findQrCodeImage, QR_IMAGE_NOT_FOUND, uploadQrCode } from './profile/qr-code.ts';

/** The original product's names for profile fields, accepted by PUT /api/users/profile/:id beside ours. */
export const PROFILE_FIELD_ALIASES: Readonly<Record<string, string>> = { ifscCode: 'ifsc', accountHolderName: 'accountHolder', personalContact: 'phone' };
export { ALIAS_AND_NAME };

const ZMemberParamsSchema = z.object({ id: ZUserIdSchema });
const ZImageParamsSchema = z.object({ id: ZUserIdSchema, uploadId: z.uuid('Unknown image') });

const ZLogoutRequestSchema = z.strictObject({});
const ZLogoutResponseSchema = z.object({ ok: z.literal(true) });

/** REST adapters of PRODUCT.md §12 for other clients; the same module functions as the tRPC routes. */
export const identityRest: readonly RestRoute[] = [
  defineRestRoute({
    method: 'post',
    path: '/api/users/login',
    summary: 'Log in by user ID or e-mail; returns a bearer token, valid BEARER_TTL_HOURS (default 24)',
    auth: 'public',
    request: ZLoginRequestSchema,
    response: ZLoginResponseSchema,
    status: 200,
    errors: [400, 401, 403, 413, 429],
    handler: async ({ req, res, services, body }) => {
      const input = body();
      const { user, token } = await logIn(services, input, { kind: 'bearer', ip: req.ip ?? null });
      res.json({ userId: user.userId, fullName: user.fullName, role: user.role, permissions: user.permissions, twoFactorSetupRequired: user.twoFactorSetupRequired, token });
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/users/logout',
    summary: 'Sign out: the token this request carries (bearer, or the cookie) no longer signs anyone in; already ended or unknown is fine too',
    auth: 'public',
    request: ZLogoutRequestSchema,
    response: ZLogoutResponseSchema,
    status: 200,
    errors: [400, 403, 413],
    handler: async ({ req, res, services, body }) => {
      body();
      // The token this request came with (bearer, or the web's cookie), and only it; already ended or
      // unknown is the same outcome: it no longer signs anyone in.
      const token = res.locals.sessionToken as string | null;
      if (token) await revokeSession(services.db, token, services.now());
      if (!req.get('authorization')) res.locals.setSessionCookie(null);
      res.json({ ok: true });
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/users/verify-user',
    summary: 'Forgot password, step 1: e-mail a 6-digit code to the account with this user ID and phone',
    auth: 'public',
    request: ZRequestPasswordResetRequestSchema,
    response: ZPasswordMessageResponseSchema,
    status: 200,
    errors: [400, 413, 429],
    handler: async ({ res, services, meta, body }) => {
      const input = body();
      res.json(await requestPasswordReset(services, input, meta));
    },
  }),

  defineRestRoute({
    method: 'put',
    path: '/api/users/reset-password',
    summary: 'Forgot password, step 2: set a new password with the code (5 tries, 10 minutes); signs out every session',
    auth: 'public',
    request: ZResetPasswordRequestSchema,
    response: ZPasswordMessageResponseSchema,
    status: 200,
    errors: [400, 413, 429],
    handler: async ({ res, services, meta, body }) => {
      const input = body();
      res.json(await resetPassword(services, input, meta));
    },
  }),

  defineRestRoute({
    method: 'put',
    path: '/api/users/change-password',
    summary: 'Change the password, giving the current one; signs out every other session',
    auth: 'signed-in',
    request: ZChangePasswordRequestSchema,
    response: ZPasswordMessageResponseSchema,
    status: 200,
    errors: [400, 401, 403, 413, 429],
    handler: async ({ res, services, user, meta, body }) => {
      const input = body();
      res.json(await changePassword(services, { userId: user.userId, token: res.locals.sessionToken ?? null }, input, meta));
    },
  }),

  // Before GET /users/:id, so that "profile" is never taken for a user ID.
  defineRestRoute({
    method: 'get',
    path: '/api/users/profile/{id}',
    params: ZMemberParamsSchema,
    summary: "A member's profile: your own, or any member's for admins with the members permission (its payout details and UPI QR image only for its member and finance)",
    auth: { ownerOr: 'members' },
    response: ZProfileSchema,
    status: 200,
    notYours: PROFILE_NOT_YOURS,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, params }) => {
      const { id } = params();
      res.json(await getProfile(services.db, user, id));
    },
  }),

  defineRestRoute({
    method: 'put',
    path: '/api/users/profile/{id}',
    params: ZMemberParamsSchema,
    summary: 'Save your own profile (phone, address, payout details); send only the fields that change, an empty string clears a payout field. The original names ifscCode, accountHolderName and personalContact are accepted for ifsc, accountHolder and phone; any other unknown field is a 400. A new accountNumber may come with confirmAccountNumber, the same digits typed again (never stored; optional here, as it was not in the original payload; given, it must match); the IFSC must be in the banks’ published list (RBI’s, as Razorpay publishes it), else a 400 naming the field',
    auth: 'owner',
    request: ZUpdateProfileRestRequestSchema,
    aliases: PROFILE_FIELD_ALIASES,
    response: ZProfileSchema,
    status: 200,
    notYours: PROFILE_EDIT_NOT_YOURS,
    errors: [400, 401, 403, 409, 413],
    handler: async ({ res, services, user, meta, body }) => {
      // updateProfile checks the IFSC too; checked here as well so its field error comes back under the name sent (ifscCode).
      const update = body((value) => assertIfscsInList({ ifsc: value.ifsc }));
      res.json(await updateProfile(services, user, update, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/users/upload-profile-assets/{id}',
    params: ZMemberParamsSchema,
    summary: "Upload your UPI QR image (JPEG, PNG or WebP, at most 5 MB, at most 40 megapixels); one that does not decode is a 400. Answers the upload's ID; the image is re-encoded and shown once the profile's qrCode.status is 'ready'",
    auth: 'owner',
    fileField: 'qrCode',
    response: ZUploadProfileAssetsResponseSchema,
    status: 202,
    notYours: PROFILE_EDIT_NOT_YOURS,
    errors: [400, 401, 403, 413, 429],
    handler: async ({ req, res, services, user, meta, params }) => {
      const { id } = params();
      res.status(202).json(await uploadQrCode(services, user, id, req, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/users/profile-assets/{id}/qr-code/{uploadId}',
    params: ZImageParamsSchema,
    summary: "A processed UPI QR image (WebP): it says where the member's money goes, so for its member and admins with the finance permission only (issue 29)",
    auth: { ownerOr: 'finance' },
    response: z.string(),
    produces: 'image/webp',
    status: 200,
    notYours: PROFILE_NOT_YOURS,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, params }) => {
      const { id, uploadId } = params();
      const image = await findQrCodeImage(services, user, id, uploadId);
      if (!image) throw new AppError('NOT_FOUND', { userMessage: QR_IMAGE_NOT_FOUND });
      res.set('Cache-Control', 'private, max-age=3600');
      res.type(image.mediaType);
      res.send(image.bytes);
    },
  }),

  // The I-card photo (issue 16): a route of its own rather than a second field of
  // upload-profile-assets, whose one file and answer ({qrCode}) other clients already rely on.
  defineRestRoute({
    method: 'post',
    path: '/api/users/profile-assets/{id}/id-photo',
    params: ZMemberParamsSchema,
    summary: "Upload the photo for your I-card (JPEG, PNG or WebP, at most 5 MB, at most 40 megapixels); one that does not decode is a 400. Answers the upload's ID; the photo is cropped to a 300 × 375 portrait, re-encoded without metadata and shown once the profile's idPhoto.status is 'ready'",
    auth: 'owner',
    fileField: 'idPhoto',
    response: ZUploadIdPhotoResponseSchema,
    status: 202,
    notYours: PROFILE_EDIT_NOT_YOURS,
    errors: [400, 401, 403, 413, 429],
    handler: async ({ req, res, services, user, meta, params }) => {
      const { id } = params();
      res.status(202).json(await uploadIdPhoto(services, user, id, req, meta));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/users/profile-assets/{id}/id-photo/remove',
    params: ZMemberParamsSchema,
    summary: 'Take the photo off your I-card (and drop an upload still being processed); with none, nothing changes. Answers the profile\'s idPhoto',
    auth: 'owner',
    request: z.strictObject({}),
    response: ZRemoveIdPhotoResponseSchema,
    status: 200,
    notYours: PROFILE_EDIT_NOT_YOURS,
    errors: [400, 401, 403, 409, 413],
    handler: async ({ res, services, user, meta, body }) => {
      body();
      res.json(await removeIdPhoto(services, user, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/users/profile-assets/{id}/id-photo/{uploadId}',
    params: ZImageParamsSchema,
    summary: "A processed I-card photo (WebP, 300 × 375), for its member and admins with the members permission; never public (the card check at /verify shows no photo)",
    auth: { ownerOr: 'members' },
    response: z.string(),
    produces: 'image/webp',
    status: 200,
    notYours: PROFILE_NOT_YOURS,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, params }) => {
      const { id, uploadId } = params();
      const image = await findIdPhoto(services, user, id, uploadId);
      if (!image) throw new AppError('NOT_FOUND', { userMessage: QR_IMAGE_NOT_FOUND });
      res.set('Cache-Control', 'private, max-age=3600');
      res.type(image.mediaType);
      res.send(image.bytes);
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/users/{id}',
    params: ZMemberParamsSchema,
    summary: "A member's public card (user ID and name), 120 look-ups per 15 minutes per address",
    auth: 'public',
    response: ZPublicCardSchema,
    status: 200,
    errors: [400, 404, 429],
    handler: async ({ res, services, meta, params }) => {
      const { id } = params();
      res.json(await lookUpPublicCard(services, id, meta));
    },
  }),
];
