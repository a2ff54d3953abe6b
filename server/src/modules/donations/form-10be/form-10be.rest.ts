import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { parseInput } from '#server/http/rest';
import { defineRestRoute } from '#server/http/rest-route';
import type { RestRoute } from '#server/services';
import { receiveForm } from '#server/uploads/receive-form';
import { UPLOAD_NO_FILE } from '#server/uploads/upload-messages';
import { STATEMENT_NEEDS_CODE } from '../statements/statement-code.ts';
import { downloadCertificate, listCertificates, matchCertificateByHand, uploadCertificates } from './form-10be.ts';
import {
  ZCertificateDownloadParamsSchema,
  ZCertificateDownloadQuerySchema,
  ZCertificateIdSchema,
  ZListCertificatesRequestSchema,
  ZListCertificatesResponseSchema,
  ZMatchCertificateResponseSchema,
  ZUploadCertificatesFormSchema,
  ZUploadCertificatesResponseSchema,
} from './form-10be.schema.ts';
import { ZReferenceSchema } from '../donation-fields.schema.ts';

/** A ZIP of a year's certificates, or one PDF: at most 10 MB each (a certificate is about 100 KB). */
export const CERTIFICATE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The form's file fields: `file`, then `file2` … `file10` for more PDFs or ZIPs in one upload. */
export const CERTIFICATE_FILE_FIELDS = ['file', ...Array.from({ length: 9 }, (_, index) => `file${index + 2}`)] as const;

async function receiveCertificateForm(req: Request): Promise<{ name: string; bytes: Buffer }[]> {
  const rule = { accept: 'pdf-or-zip', maxBytes: CERTIFICATE_UPLOAD_MAX_BYTES } as const;
  const form = await receiveForm(req, { files: Object.fromEntries(CERTIFICATE_FILE_FIELDS.map((name) => [name, rule])) as Record<(typeof CERTIFICATE_FILE_FIELDS)[number], typeof rule>, maxFields: 0, maxFieldBytes: 0 });
  parseInput(ZUploadCertificatesFormSchema, form.fields);
  const files = CERTIFICATE_FILE_FIELDS.flatMap((name) => {
    const file = form.files[name];
    return file ? [{ name, bytes: file.bytes }] : [];
  });
  if (files.length === 0) throw new AppError('BAD_REQUEST', { userMessage: UPLOAD_NO_FILE, fieldErrors: { file: [UPLOAD_NO_FILE] } });
  return files;
}

const ZMatchParamsSchema = z.strictObject({ id: ZCertificateIdSchema });
const ZMatchRestRequestSchema = z.strictObject({ reference: ZReferenceSchema });

/** Form 10BE certificates (issue 31): finance's upload, list and hand-matching; the donor's download. */
export const form10beRest: readonly RestRoute[] = [
  defineRestRoute({
    method: 'post',
    path: '/api/admin/form-10be',
    summary:
      "Upload Form 10BE certificates as the income-tax portal gives them: PDFs or ZIPs of PDFs (file, file2 … file10; at most 10 MB each; a ZIP at most 500 files and 64 MB unpacked, else refused whole). Each certificate is read, checked to carry the foundation's PAN, and matched to its donor by ID number and name, or left for finance to match; a file that cannot be read is listed with the reason and the rest go on (400 when none can). The same file again records nothing (permission: finance)",
    auth: { admin: ['finance'] },
    formFiles: CERTIFICATE_FILE_FIELDS.map((name) => ({ name, required: name === 'file' })),
    request: ZUploadCertificatesFormSchema,
    response: ZUploadCertificatesResponseSchema,
    status: 200,
    errors: [400, 401, 403, 413],
    handler: async ({ req, res, services, user, meta }) => {
      const files = await receiveCertificateForm(req);
      res.json(await uploadCertificates(services, files, user, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/admin/form-10be',
    summary: "A financial year's Form 10BE certificates (?fy=2026-27, ?status=matched|unmatched): donor as printed, masked ID, matched donations, sent and opened; those waiting for a person with the year's gifts that share their ID (permission: finance)",
    auth: { admin: ['finance'] },
    query: ZListCertificatesRequestSchema,
    response: ZListCertificatesResponseSchema,
    status: 200,
    errors: [400, 401, 403],
    handler: async ({ res, services, query }) => {
      res.set('Cache-Control', 'private, no-store');
      res.json(await listCertificates(services, query()));
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/admin/form-10be/{id}/match',
    params: ZMatchParamsSchema,
    summary: "Match a certificate that waits for a person to the donor of a verified donation of its year ({reference}); it is then mailed and texted to them. A certificate already matched is not moved (409) (permission: finance)",
    auth: { admin: ['finance'] },
    request: ZMatchRestRequestSchema,
    response: ZMatchCertificateResponseSchema,
    status: 200,
    errors: [400, 401, 403, 404, 409, 413],
    handler: async ({ res, services, user, meta, params, body }) => {
      res.json(await matchCertificateByHand(services, { id: params().id, reference: body().reference }, user, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/donations/form-10be/{id}/certificate.pdf',
    params: ZCertificateDownloadParamsSchema,
    summary: "A donor's Form 10BE certificate: with the ?proof= a right one-time code gave for a contact the donation was given with, or signed in for a member's own; the first download is recorded as opened. Anyone else gets 404",
    auth: 'public',
    query: ZCertificateDownloadQuerySchema,
    response: z.string(),
    produces: 'application/pdf',
    status: 200,
    errors: [400, 403, 404],
    handler: async ({ res, services, user, meta, query, params }) => {
      const { proof } = query();
      const requester = proof !== undefined ? { proof } : user ? { memberId: user.userId } : null;
      if (!requester) throw new AppError('BAD_REQUEST', { userMessage: STATEMENT_NEEDS_CODE, fieldErrors: { proof: [STATEMENT_NEEDS_CODE] } });
      const certificate = await downloadCertificate(services, params().id, requester, meta);
      res.set({ 'Cache-Control': 'private, no-store', 'Content-Disposition': `attachment; filename="${certificate.fileName}"` });
      res.type('application/pdf').send(certificate.bytes);
    },
  }),
];
