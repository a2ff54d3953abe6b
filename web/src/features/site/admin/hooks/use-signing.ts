import { useMutation } from '@tanstack/react-query';
import { ZSigningStatusSchema, type TSigningStatus } from '@sahay/server/modules/site/signing/signing.schema';
import { ProcedureError } from '#web/api/procedure-fetch.ts';
import { trpc } from '#web/api/trpc.ts';

/**
 * The signatory's signature and the signing certificate (issue 31). Files go up as multipart POSTs
 * to the REST routes (the session cookie and the CSRF header authenticate them); a refusal
 * (`{ message, fieldErrors }`) becomes a ProcedureError, shown like a tRPC error.
 */

/** site.signing.get: the signature's version and the certificate's public details. */
export function useSigningStatus() {
  return trpc.site.signing.get.useQuery(undefined, { staleTime: 0 });
}

/** POST /api/admin/settings/signature (settings or finance). */
export function useUploadSignature() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (file: File) => postForm('/api/admin/settings/signature', [['signature', file]]),
    onSuccess: (status) => utils.site.signing.get.setData(undefined, status),
  });
}

/** POST /api/admin/settings/signing-certificate (finance). */
export function useUploadCertificate() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) =>
      postForm('/api/admin/settings/signing-certificate', [
        ['password', password],
        ['certificate', file],
      ]),
    onSuccess: (status) => utils.site.signing.get.setData(undefined, status),
  });
}

/** site.signing.removeCertificate (finance): receipts are drawn unsigned from now on. */
export function useRemoveCertificate() {
  const utils = trpc.useUtils();
  return trpc.site.signing.removeCertificate.useMutation({ onSuccess: (status) => utils.site.signing.get.setData(undefined, status) });
}

async function postForm(url: string, parts: ReadonlyArray<[string, string | File]>): Promise<TSigningStatus> {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  const response = await fetch(url, { method: 'POST', body, credentials: 'same-origin', headers: { 'x-sahay-csrf': '1' } });
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = ZSigningStatusSchema.safeParse(answer);
    if (parsed.success) return parsed.data;
  }
  if (!response.ok && typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string') {
    const fieldErrors = 'fieldErrors' in answer && typeof answer.fieldErrors === 'object' && answer.fieldErrors !== null ? (answer.fieldErrors as Record<string, string[]>) : null;
    const requestId = 'requestId' in answer && typeof answer.requestId === 'string' ? answer.requestId : null;
    throw new ProcedureError(answer.message, { httpStatus: response.status, fieldErrors, requestId });
  }
  throw new Error(`HTTP ${response.status}`);
}
