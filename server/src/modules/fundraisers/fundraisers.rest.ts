import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { parseInput } from '#server/http/rest';
import { defineRestRoute } from '#server/http/rest-route';
import { hasPermission } from '#server/modules/identity/identity.api';
import type { RestRoute, Services } from '#server/services';
import { FormGate } from '#server/uploads/form-gate';
import { receiveForm } from '#server/uploads/receive-form';
import { FUNDRAISER_NOT_FOUND } from './fundraiser.decider.ts';
import { startFundraiser } from './fundraiser-commands.ts';
import { findFundraiserPhoto, getPublicFundraiser } from './fundraiser-reads.ts';
import { ZFundraiserIdSchema, ZPublicFundraiserSchema, ZStartFundraiserFieldsSchema, ZStartFundraiserResponseSchema } from './fundraisers.schema.ts';

export const FUNDRAISER_SUBMISSION_KEY_INVALID = 'The Idempotency-Key header must be a UUID.';
export const SEND_FUNDRAISER_AS_MULTIPART = 'Send the fundraiser as multipart/form-data with its photo.';
/** A phone's photo as taken (a few MB); re-encoded to at most 1600 px. */
export const MAX_FUNDRAISER_PHOTO_BYTES = 8 * 1024 * 1024;
/** Forms with a photo this process reads at once (as the help forms: docs/decisions/026). */
const MAX_FORMS_IN_FLIGHT = 4;

const ZIdParamsSchema = z.object({ id: ZFundraiserIdSchema });

const gates = new WeakMap<Services, FormGate>();
function gateOf(services: Services): FormGate {
  let gate = gates.get(services);
  if (!gate) gates.set(services, (gate = new FormGate(MAX_FORMS_IN_FLIGHT)));
  return gate;
}

/** The fundraisers' REST paths (issue 33): starting one with its photo, the public page's data, and the photo. */
export const fundraisersRest: readonly RestRoute[] = [
  defineRestRoute({
    method: 'post',
    path: '/api/fundraisers',
    summary:
      'Start a fundraiser (a signed-in member) for one of the foundation’s causes or a published help request: multipart text fields (cause or helpRequestId, titleEn/titleHi, storyEn/storyHi, goal in rupees above ₹0, endsOn YYYY-MM-DD after today and at most 90 days away) and the file photo (JPEG, PNG or WebP, at most 8 MB, re-encoded without metadata). It is public once verification staff approve it. An Idempotency-Key header (UUID) makes a retry answer the same fundraiser',
    auth: 'signed-in',
    formFiles: [{ name: 'photo', required: true }],
    request: ZStartFundraiserFieldsSchema,
    response: ZStartFundraiserResponseSchema,
    status: 201,
    errors: [400, 401, 404, 409, 413, 429],
    handler: async ({ req, res, services, meta }) => {
      let release: (() => void) | null = null;
      try {
        release = gateOf(services).enter();
        const submissionKey = parseInput(z.object({ key: z.uuid(FUNDRAISER_SUBMISSION_KEY_INVALID).optional() }), { key: req.get('idempotency-key') || undefined }).key ?? null;
        if (req.is('multipart/form-data') !== 'multipart/form-data') throw new AppError('BAD_REQUEST', { userMessage: SEND_FUNDRAISER_AS_MULTIPART });
        const form = await receiveForm(req, { files: { photo: { accept: 'images', maxBytes: MAX_FUNDRAISER_PHOTO_BYTES } }, maxFields: 12, maxFieldBytes: 16 * 1024 });
        const fields = parseInput(ZStartFundraiserFieldsSchema, form.fields);
        res.status(201).json(await startFundraiser(services, { fields, photo: form.files.photo, submissionKey }, meta));
      } catch (error) {
        // A refusal before the body was read drains it, so the client reads the answer instead of a reset.
        if (!req.complete) req.resume();
        throw error;
      } finally {
        release?.();
      }
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/fundraisers/{id}',
    params: ZIdParamsSchema,
    summary: 'An approved fundraiser with its progress (verified gifts only) and supporters (names only of those who chose to show them); any other is a 404',
    auth: 'public',
    response: ZPublicFundraiserSchema,
    status: 200,
    errors: [400, 404],
    handler: async ({ res, services, params }) => {
      res.json(await getPublicFundraiser(services, params().id));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/fundraisers/{id}/photo',
    params: ZIdParamsSchema,
    summary: 'A fundraiser’s photo (JPEG): public once approved; before that for its organiser and verification staff only (a 404 for anyone else)',
    auth: 'public',
    response: z.string(),
    produces: 'image/jpeg',
    status: 200,
    errors: [400, 404],
    handler: async ({ res, services, user, params }) => {
      const viewer = user ? { userId: user.userId, isStaff: hasPermission(user, 'verification') } : null;
      const photo = await findFundraiserPhoto(services, params().id, viewer);
      if (!photo) throw new AppError('NOT_FOUND', { userMessage: FUNDRAISER_NOT_FOUND });
      res.set('Cache-Control', viewer ? 'private, max-age=300' : 'public, max-age=300');
      res.type(photo.mediaType);
      res.send(photo.bytes);
    },
  }),
];
