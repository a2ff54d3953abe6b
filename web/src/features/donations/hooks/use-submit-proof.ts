import { useEffect, useRef, useState } from 'react';
import { ProcedureError } from '#web/api/procedure-fetch.ts';

export type ProofState =
  | { phase: 'idle' }
  | { phase: 'sending'; loaded: number; total: number; hasFile: boolean }
  | { phase: 'sent'; status: string }
  | { phase: 'failed'; error: unknown };

export interface ProofInput {
  reference: string;
  /** The e-mail address or phone number given with the donation. */
  contact: string;
  utr: string;
  screenshot: File | null;
}

/**
 * POST /api/donations/:reference/proof as multipart (`contact`, `utr`, `screenshot?`). Sent with
 * XMLHttpRequest rather than fetch: only XHR reports upload progress, which a donor on a slow
 * network needs to see for a screenshot of a few MB. The CSRF header goes with it as with every
 * change. After a failure the form still holds what was entered, so sending again is one tap.
 */
export function useSubmitProof(options: { onSent?: (status: string) => void } = {}) {
  const [state, setState] = useState<ProofState>({ phase: 'idle' });
  const requestRef = useRef<XMLHttpRequest | null>(null);

  // A request still running when the page goes away is abandoned, not left to report into nothing.
  useEffect(() => () => requestRef.current?.abort(), []);

  function send(input: ProofInput) {
    requestRef.current?.abort();
    const request = new XMLHttpRequest();
    requestRef.current = request;
    const body = new FormData();
    body.append('contact', input.contact);
    body.append('utr', input.utr);
    if (input.screenshot) body.append('screenshot', input.screenshot);
    const total = input.screenshot?.size ?? 0;
    setState({ phase: 'sending', loaded: 0, total, hasFile: input.screenshot !== null });
    request.upload.onprogress = (event) => {
      setState({ phase: 'sending', loaded: event.loaded, total: event.lengthComputable ? event.total : total, hasFile: input.screenshot !== null });
    };
    request.onload = () => {
      requestRef.current = null;
      if (request.status >= 200 && request.status < 300) {
        const status = statusOf(request);
        setState({ phase: 'sent', status });
        options.onSent?.(status);
        return;
      }
      setState({ phase: 'failed', error: errorOf(request) });
    };
    // No answer at all (offline, connection dropped): the form says "check your connection".
    request.onerror = () => {
      requestRef.current = null;
      setState({ phase: 'failed', error: new Error('proof: no answer') });
    };
    request.open('POST', `/api/donations/${encodeURIComponent(input.reference)}/proof`);
    request.withCredentials = true;
    request.setRequestHeader('x-sahay-csrf', '1');
    request.send(body);
  }

  return { state, send };
}

function statusOf(request: XMLHttpRequest): string {
  try {
    const body = JSON.parse(request.responseText) as { status?: unknown };
    return typeof body.status === 'string' ? body.status : 'proof_received';
  } catch {
    return 'proof_received';
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
    // A proxy's error page, not the server's answer.
  }
  return new Error(`HTTP ${request.status}`);
}
