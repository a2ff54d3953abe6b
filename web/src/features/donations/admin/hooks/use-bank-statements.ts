import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZBankStatementSchema,
  ZStatementColumnsPreviewSchema,
  ZVerifySureMatchesResponseSchema,
  type TBankStatement,
  type TStatementColumns,
  type TStatementColumnsPreview,
  type TVerifySureMatchesResponse,
} from '@sahay/server/modules/donations/bank-statements/bank-statements.schema';
import { answerOf } from '#web/api/rest-answer.ts';
import { trpc } from '#web/api/trpc.ts';

/**
 * Bank-statement matching over REST (issue 13): the statement is a file, so these are multipart
 * POSTs rather than tRPC calls. The session cookie authenticates them and the CSRF header is sent
 * as for every change. A refusal (`{ message, fieldErrors }`) becomes a ProcedureError, the same
 * shape as a tRPC error, so the page shows it with fieldErrorsOf and useErrorText.
 */

/** The server's own limit (donations.rest.ts STATEMENT_MAX_BYTES), checked first in the browser to spare a refused upload. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/admin/bank-statements/columns: the file's header row and the columns to read, remembered or guessed. */
export function useStatementColumns() {
  return useMutation({
    mutationFn: (file: File) => postStatementForm('/api/admin/bank-statements/columns', file, null, ZStatementColumnsPreviewSchema),
  });
}

/** POST /api/admin/bank-statements: the statement read with the chosen columns, and its matches. */
export function useUploadStatement() {
  return useMutation({
    mutationFn: ({ file, columns }: { file: File; columns: TStatementColumns }) => postStatementForm('/api/admin/bank-statements', file, columns, ZBankStatementSchema),
  });
}

/**
 * POST /api/admin/bank-statements/:id/verify-sure-matches: each sure match verified, with its
 * receipt. The donations queue is asked again afterwards, whatever happened: some may be verified.
 */
export function useVerifySureMatches() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (statementId: string) => postVerifySureMatches(statementId),
    onSettled: () => utils.donations.admin.invalidate(),
  });
}

async function postStatementForm<T extends TStatementColumnsPreview | TBankStatement>(url: string, file: File, columns: TStatementColumns | null, schema: z.ZodType<T>): Promise<T> {
  const body = new FormData();
  if (columns) body.append('mapping', JSON.stringify(columns));
  body.append('file', file);
  const response = await fetch(url, { method: 'POST', body, credentials: 'same-origin', headers: { 'x-sahay-csrf': '1' } });
  return answerOf(response, schema);
}

async function postVerifySureMatches(statementId: string): Promise<TVerifySureMatchesResponse> {
  const response = await fetch(`/api/admin/bank-statements/${encodeURIComponent(statementId)}/verify-sure-matches`, {
    method: 'POST',
    body: '{}',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-sahay-csrf': '1' },
  });
  return answerOf(response, ZVerifySureMatchesResponseSchema);
}
