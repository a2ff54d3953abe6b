import { useEffect, useRef, useState } from 'react';
import type { TSubmitApplicationResponse } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { ProcedureError } from '#web/api/procedure-fetch.ts';
import type { DocumentKind } from '../application-rules.public.ts';
import { fileProgress, layoutMultipart } from '#web/lib/upload-progress.ts';

export const SUBMIT_URL = '/api/kanyadan/applications';

export type SubmitState =
  | { phase: 'idle' }
  | { phase: 'sending'; progress: Partial<Record<DocumentKind, number>> }
  | { phase: 'sent'; answer: TSubmitApplicationResponse }
  /**
   * isOffline: the phone says it has no network. isNoAnswer: online, but no answer from the server
   * itself (the connection dropped, a timeout, or a proxy's 5xx without the server's message): the
   * server may have gone down, and the page says so rather than "you are offline" (issue 29).
   */
  | { phase: 'failed'; error: unknown; isOffline: boolean; isNoAnswer: boolean; httpStatus: number | null };

export type FailureKind = 'offline' | 'no-answer' | 'answered';

/**
 * What a failed send was: `httpStatus` null when no response came at all; `hasServerMessage` when
 * the body is the server's own `{ message }`. Offline only when the phone says so.
 */
export function failureKind(failure: { httpStatus: number | null; hasServerMessage: boolean; isOnline: boolean }): FailureKind {
  if (failure.httpStatus === null || failure.httpStatus === 0) return failure.isOnline ? 'no-answer' : 'offline';
  if (failure.httpStatus >= 500 && !failure.hasServerMessage) return 'no-answer';
  return 'answered';
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export interface SubmitInput {
  fields: ReadonlyArray<readonly [string, string]>;
  files: ReadonlyArray<{ kind: DocumentKind; file: File }>;
  /** The Idempotency-Key: sending again after a lost answer returns the same registration number. */
  submissionKey: string;
}

/**
 * POST /api/kanyadan/applications as multipart/form-data: the text fields first, then the
 * documents in order. XMLHttpRequest rather than fetch, as only XHR reports upload progress, and
 * a family on a slow network sending four photos needs to see it; each document's share is worked
 * out from the byte offsets of the parts (upload-progress.ts). Nothing is lost on failure: the form
 * keeps its values and files (and the draft keeps them on the device).
 */
export function useSubmitApplication(options: { onSent: (answer: TSubmitApplicationResponse) => void; onFailed?: (error: unknown) => void }) {
  const [state, setState] = useState<SubmitState>({ phase: 'idle' });
  const requestRef = useRef<XMLHttpRequest | null>(null);

  // A request still running when the page goes away is abandoned, not left to report into nothing.
  useEffect(() => () => requestRef.current?.abort(), []);

  function send(input: SubmitInput): void {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState({ phase: 'failed', error: new Error('offline'), isOffline: true, isNoAnswer: false, httpStatus: null });
      return;
    }
    requestRef.current?.abort();
    const request = new XMLHttpRequest();
    requestRef.current = request;
    const body = new FormData();
    for (const [name, value] of input.fields) body.append(name, value);
    for (const { kind, file } of input.files) body.append(kind, file, file.name);
    const layout = layoutMultipart(
      input.fields.map(([name, value]) => ({ name, value })),
      input.files.map(({ kind, file }) => ({ name: kind, filename: file.name, type: file.type, size: file.size })),
    );
    const none = Object.fromEntries(input.files.map(({ kind }) => [kind, 0])) as Partial<Record<DocumentKind, number>>;
    setState({ phase: 'sending', progress: none });

    request.upload.onprogress = (event) => {
      setState({ phase: 'sending', progress: fileProgress(layout, event.loaded, event.lengthComputable ? event.total : undefined) as Partial<Record<DocumentKind, number>> });
    };
    request.onload = () => {
      requestRef.current = null;
      const answer = request.status >= 200 && request.status < 300 ? answerOf(request) : null;
      if (answer) {
        setState({ phase: 'sent', answer });
        options.onSent(answer);
        return;
      }
      const error = errorOf(request);
      const kind = failureKind({ httpStatus: request.status, hasServerMessage: error instanceof ProcedureError, isOnline: isOnline() });
      setState({ phase: 'failed', error, isOffline: false, isNoAnswer: kind === 'no-answer', httpStatus: request.status });
      options.onFailed?.(error);
    };
    // No answer at all: offline, the connection dropped, or the server could not be reached.
    request.onerror = () => {
      requestRef.current = null;
      const kind = failureKind({ httpStatus: null, hasServerMessage: false, isOnline: isOnline() });
      setState({ phase: 'failed', error: new Error('kanyadan: no answer'), isOffline: kind === 'offline', isNoAnswer: kind === 'no-answer', httpStatus: null });
    };
    request.ontimeout = request.onerror;
    request.open('POST', SUBMIT_URL);
    request.withCredentials = true;
    request.setRequestHeader('x-sahay-csrf', '1');
    request.setRequestHeader('Idempotency-Key', input.submissionKey);
    request.setRequestHeader('Accept', 'application/json');
    request.send(body);
  }

  return { state, send, reset: () => setState({ phase: 'idle' }) };
}

function answerOf(request: XMLHttpRequest): TSubmitApplicationResponse | null {
  try {
    const body = JSON.parse(request.responseText) as Partial<TSubmitApplicationResponse>;
    return typeof body.regNo === 'string' && typeof body.status === 'string' ? { regNo: body.regNo, status: body.status } : null;
  } catch {
    return null;
  }
}

/** The REST answer `{ message, fieldErrors, requestId }` in the shape api/errors.ts reads. */
function errorOf(request: XMLHttpRequest): unknown {
  try {
    const body = JSON.parse(request.responseText) as { message?: unknown; fieldErrors?: unknown; requestId?: unknown };
    if (typeof body.message === 'string') {
      const fieldErrors = typeof body.fieldErrors === 'object' && body.fieldErrors !== null ? (body.fieldErrors as Record<string, string[]>) : null;
      return new ProcedureError(body.message, { httpStatus: request.status, fieldErrors, requestId: typeof body.requestId === 'string' ? body.requestId : null });
    }
  } catch {
    // A proxy's error page (a 413 from nginx, say), not the server's answer.
  }
  return new Error(`HTTP ${request.status}`);
}
