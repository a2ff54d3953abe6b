import { useMutation } from '@tanstack/react-query';
import { ZUploadCertificatesResponseSchema, type TUploadCertificatesResponse } from '@sahay/server/modules/donations/form-10be/form-10be.schema';
import { answerOf } from '#web/api/rest-answer.ts';
import { trpc } from '#web/api/trpc.ts';

/**
 * Form 10BE certificates (issue 31, decision 056): the year's figures and certificates, and the
 * hand match, are typed procedure calls; the upload is a multipart POST (files), its refusal read
 * as a procedure error (api/rest-answer.ts).
 */

/** The server's own limits (form-10be.rest.ts): 10 MB a file, the fields `file`, `file2` … `file10`. */
export const CERTIFICATE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const CERTIFICATE_UPLOAD_MAX_FILES = 10;

/** The form field each chosen file is sent in: `file`, then `file2` … */
export function certificateFieldOf(index: number): string {
  return index === 0 ? 'file' : `file${index + 1}`;
}

/** donations.admin.form10be.dashboard: a year's donors in the filing, certificates uploaded, matched, sent, opened, missing and the due dates. */
export function useForm10BEDashboard(fy: string) {
  return trpc.donations.admin.form10be.dashboard.useQuery({ fy });
}

/** donations.admin.form10be.getMany: the year's certificates waiting for a person, each with the same-ID gifts to choose from. */
export function useWaitingCertificates(fy: string) {
  return trpc.donations.admin.form10be.getMany.useQuery({ fy, status: 'unmatched' });
}

/**
 * donations.admin.form10be.match: the year's lists are asked again afterwards, also after a
 * conflict (another admin matched it). Not awaited: the matched certificate leaves the list, and
 * the page's own callback must run before its card goes.
 */
export function useMatchCertificate() {
  const utils = trpc.useUtils();
  return trpc.donations.admin.form10be.match.useMutation({ onSettled: () => void utils.donations.admin.form10be.invalidate() });
}

/** POST /api/admin/form-10be: each file read (or refused with its reason), and the year's lists asked again. */
export function useUploadCertificates() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (files: readonly File[]) => postCertificates(files),
    onSettled: () => utils.donations.admin.form10be.invalidate(),
  });
}

async function postCertificates(files: readonly File[]): Promise<TUploadCertificatesResponse> {
  const body = new FormData();
  files.forEach((file, index) => body.append(certificateFieldOf(index), file));
  const response = await fetch('/api/admin/form-10be', { method: 'POST', body, credentials: 'same-origin', headers: { 'x-sahay-csrf': '1' } });
  return answerOf(response, ZUploadCertificatesResponseSchema);
}
