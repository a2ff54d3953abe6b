import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { parseInput } from '#server/http/rest';
import { defineRestRoute } from '#server/http/rest-route';
import { receiveForm } from '#server/uploads/receive-form';
import { UPLOAD_NO_FILE } from '#server/uploads/upload-messages';
import { MAX_CERTIFICATE_BYTES } from './signing/signing-certificate.ts';
import type { RestRoute } from '#server/services';
import { recordWebVitals, UNKNOWN_PAGE } from './web-vitals.ts';
import { signatureImageOfVersion, uploadSignatureImage, uploadSigningCertificate } from './signing/signing.ts';
import { ZSignatureImageParamsSchema, ZSigningCertificateFormSchema, ZSigningStatusSchema } from './signing/signing.schema.ts';

export const SIGNATURE_IMAGE_NOT_FOUND = 'There is no such version of the signature.';
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

  // The signatory's signature and the signing certificate (issue 31; docs/decisions/060).
  defineRestRoute({
    method: 'post',
    path: '/api/admin/settings/signature',
    summary:
      "Upload the authorised signatory's signature (multipart field signature: JPEG, PNG or WebP, at most 5 MB and 40 megapixels), re-encoded as JPEG of at most 600 pixels a side, without metadata; a new version, printed on receipts issued from now on. Answers the signing status (permission: settings or finance)",
    auth: { admin: ['settings', 'finance'] },
    fileField: 'signature',
    response: ZSigningStatusSchema,
    status: 200,
    errors: [400, 401, 403, 413],
    handler: async ({ req, res, services, user, meta }) => {
      res.json(await uploadSignatureImage(services, user, req, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/settings/signature/{version}',
    params: ZSignatureImageParamsSchema,
    summary: "A version of the signatory's signature (JPEG), for the settings page's preview (permission: settings or finance)",
    auth: { admin: ['settings', 'finance'] },
    response: z.string(),
    produces: 'image/jpeg',
    status: 200,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, params }) => {
      const image = await signatureImageOfVersion(services, params().version);
      if (!image) throw new AppError('NOT_FOUND', { userMessage: SIGNATURE_IMAGE_NOT_FOUND });
      res.set('Cache-Control', 'private, max-age=3600');
      res.type('image/jpeg');
      res.send(image);
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/settings/signing-certificate',
    summary:
      "Upload the foundation's signing certificate: multipart field certificate (a PKCS#12 .p12/.pfx, at most 64 KB, told by its content) and field password. Refused, with nothing written, when the password does not open it, it holds no private key or no certificate of that key, the key is not RSA, or it is expired or not yet valid. Kept encrypted; only its subject, issuer, validity and fingerprint are ever shown. Receipts and statements are signed with it from now on; finance staff sign in with a second factor (permission: finance)",
    auth: { admin: ['finance'] },
    formFiles: [{ name: 'certificate', required: true }],
    request: ZSigningCertificateFormSchema,
    response: ZSigningStatusSchema,
    status: 200,
    errors: [400, 401, 403, 413],
    handler: async ({ req, res, services, user, meta }) => {
      const form = await receiveForm(req, { files: { certificate: { accept: 'pkcs12', maxBytes: MAX_CERTIFICATE_BYTES } }, maxFields: 1, maxFieldBytes: 1024 });
      const { password } = parseInput(ZSigningCertificateFormSchema, form.fields);
      const file = form.files.certificate;
      if (!file) throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE, fieldErrors: { certificate: [UPLOAD_NO_FILE] } });
      res.json(await uploadSigningCertificate(services, user, { bytes: file.bytes, password }, meta));
    },
  }),
];
