import { useMutation } from '@tanstack/react-query';
import type { TDecisionResponse } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { ProcedureError } from '#web/api/procedure-fetch.ts';
import { trpc } from '#web/api/trpc.ts';

export interface BenefitRequestInput {
  marriageDate: string;
  accountHolder: string;
  accountNumber: string;
  /** The account number typed a second time: the server checks it and drops it (decision 034). */
  confirmAccountNumber: string;
  ifsc: string;
  marriageProof: File;
  marriageProof2: File | null;
}

/**
 * POST /api/admin/kanyadan/applications/:regNo/benefit-request (multipart: the fields and one or two
 * proofs of the marriage). REST rather than tRPC because of the files; the session cookie
 * authenticates it and the CSRF header is required as for every change. A refusal comes back as
 * `{ message, fieldErrors }`, read into the same shape as a tRPC error so the form shows it the same way.
 */
export function useBenefitRequest(regNo: string) {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: BenefitRequestInput) => postBenefitRequest(regNo, input),
    onSettled: () => utils.kanyadan.admin.invalidate(),
  });
}

async function postBenefitRequest(regNo: string, input: BenefitRequestInput): Promise<TDecisionResponse> {
  const body = new FormData();
  body.append('marriageDate', input.marriageDate);
  body.append('accountHolder', input.accountHolder);
  body.append('accountNumber', input.accountNumber);
  body.append('confirmAccountNumber', input.confirmAccountNumber);
  body.append('ifsc', input.ifsc);
  body.append('marriageProof', input.marriageProof);
  if (input.marriageProof2) body.append('marriageProof2', input.marriageProof2);
  const response = await fetch(`/api/admin/kanyadan/applications/${encodeURIComponent(regNo)}/benefit-request`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { 'x-sahay-csrf': '1' },
  });
  const answer = (await response.json().catch(() => null)) as { message?: unknown; fieldErrors?: Record<string, string[]>; requestId?: unknown } | TDecisionResponse | null;
  if (response.ok && answer && 'regNo' in answer) return answer;
  if (answer && 'message' in answer && typeof answer.message === 'string') {
    throw new ProcedureError(answer.message, {
      httpStatus: response.status,
      fieldErrors: answer.fieldErrors ?? null,
      requestId: typeof answer.requestId === 'string' ? answer.requestId : null,
    });
  }
  // A proxy's error page is not the server's answer: the form says "check your connection".
  throw new Error(`HTTP ${response.status}`);
}
