import { useEffect, useRef, useState } from 'react';
import { ProcedureError } from '#web/api/procedure-fetch.ts';
import { fileProgress, layoutMultipart } from '#web/lib/upload-progress.ts';

export const HELP_SUBMIT_URL = '/api/help';

export interface HelpRequestCreated {
  id: string;
  status: string;
}

export interface HelpSubmission {
  /** The text fields, in order. */
  fields: ReadonlyArray<readonly [string, string]>;
  /** document1…document4. */
  files: ReadonlyArray<{ name: string; file: File }>;
  /** The Idempotency-Key: sending again after a lost answer returns the same request. */
  submissionKey: string;
}

export type HelpSubmitState =
  | { phase: 'idle' }
  /** Each file's share sent (0 to 1), by its field name. */
  | { phase: 'sending'; progress: Record<string, number> }
  | { phase: 'sent'; answer: HelpRequestCreated }
  /** offline: no answer at all (the phone is offline, or the connection dropped). */
  | { phase: 'failed'; error: unknown; isOffline: boolean; httpStatus: number | null };

export interface HelpSubmitHandlers {
  onProgress: (progress: Record<string, number>) => void;
  onSent: (answer: HelpRequestCreated) => void;
  onFailed: (failure: Extract<HelpSubmitState, { phase: 'failed' }>) => void;
}

/**
 * POST /api/help as multipart/form-data: the text fields first, then the documents in order.
 * XMLHttpRequest rather than fetch, since only XHR reports upload progress, and a member sending
 * four photos of bills over a slow network needs to see it (as the Kanyadan form does). Returns
 * the request, to abort it.
 */
export function sendHelpRequest(submission: HelpSubmission, handlers: HelpSubmitHandlers): XMLHttpRequest {
  const request = new XMLHttpRequest();
  const body = new FormData();
  for (const [name, value] of submission.fields) body.append(name, value);
  for (const { name, file } of submission.files) body.append(name, file, file.name);
  const layout = layoutMultipart(
    submission.fields.map(([name, value]) => ({ name, value })),
    submission.files.map(({ name, file }) => ({ name, filename: file.name, type: file.type, size: file.size })),
  );
  request.upload.onprogress = (event) => handlers.onProgress(fileProgress(layout, event.loaded, event.lengthComputable ? event.total : undefined));
  request.onload = () => {
    const answer = request.status >= 200 && request.status < 300 ? answerOf(request.responseText) : null;
    if (answer) handlers.onSent(answer);
    else handlers.onFailed({ phase: 'failed', error: errorOf(request.status, request.responseText), isOffline: false, httpStatus: request.status });
  };
  // No answer at all: offline, the connection dropped, or the server could not be reached.
  request.onerror = () => handlers.onFailed({ phase: 'failed', error: new Error('help: no answer'), isOffline: true, httpStatus: null });
  request.open('POST', HELP_SUBMIT_URL);
  request.withCredentials = true;
  request.setRequestHeader('x-sahay-csrf', '1');
  request.setRequestHeader('Idempotency-Key', submission.submissionKey);
  request.setRequestHeader('Accept', 'application/json');
  request.send(body);
  return request;
}

/** The request's state for the form, with `send`; a request still running when the page goes away is abandoned. */
export function useSubmitHelpRequest(options: { onSent: (answer: HelpRequestCreated) => void; onFailed?: (error: unknown) => void }) {
  const [state, setState] = useState<HelpSubmitState>({ phase: 'idle' });
  const requestRef = useRef<XMLHttpRequest | null>(null);

  useEffect(() => () => requestRef.current?.abort(), []);

  function send(submission: HelpSubmission): void {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState({ phase: 'failed', error: new Error('offline'), isOffline: true, httpStatus: null });
      return;
    }
    requestRef.current?.abort();
    setState({ phase: 'sending', progress: Object.fromEntries(submission.files.map(({ name }) => [name, 0])) });
    requestRef.current = sendHelpRequest(submission, {
      onProgress: (progress) => setState({ phase: 'sending', progress }),
      onSent: (answer) => {
        requestRef.current = null;
        setState({ phase: 'sent', answer });
        options.onSent(answer);
      },
      onFailed: (failure) => {
        requestRef.current = null;
        setState(failure);
        options.onFailed?.(failure.error);
      },
    });
  }

  return { state, send, reset: () => setState({ phase: 'idle' }) };
}

export function answerOf(text: string): HelpRequestCreated | null {
  try {
    const body = JSON.parse(text) as Partial<HelpRequestCreated>;
    return typeof body.id === 'string' && typeof body.status === 'string' ? { id: body.id, status: body.status } : null;
  } catch {
    return null;
  }
}

/**
 * The REST answer `{ message, fieldErrors, requestId }` (or the same inside `error`) in the shape
 * api/errors.ts reads, so the form shows the server's words in the member's language.
 */
export function errorOf(status: number, text: string): unknown {
  try {
    const parsed = JSON.parse(text) as { message?: unknown; fieldErrors?: unknown; requestId?: unknown; error?: unknown };
    const body = (typeof parsed.message === 'string' ? parsed : typeof parsed.error === 'object' && parsed.error !== null ? parsed.error : parsed) as typeof parsed;
    if (typeof body.message === 'string') {
      const fieldErrors = typeof body.fieldErrors === 'object' && body.fieldErrors !== null ? (body.fieldErrors as Record<string, string[]>) : null;
      return new ProcedureError(body.message, { httpStatus: status, fieldErrors, requestId: typeof body.requestId === 'string' ? body.requestId : null });
    }
  } catch {
    // A proxy's error page (a 413 from nginx, say), not the server's answer.
  }
  return new Error(`HTTP ${status}`);
}
