import { useEffect, useRef, useState } from 'react';
import { ProcedureError } from '#web/api/procedure-fetch.ts';

export interface DirectGiftInput {
  requestId: string;
  /** Rupees as the giver typed them, without grouping commas (the server reads up to 2 decimals). */
  amount: string;
  utr: string;
  screenshot: File;
}

export type DirectGiftState =
  | { phase: 'idle' }
  | { phase: 'sending'; loaded: number; total: number }
  | { phase: 'sent'; giftId: string }
  /** httpStatus null: no answer at all (offline, the connection dropped). */
  | { phase: 'failed'; error: unknown; httpStatus: number | null };

export interface DirectGiftHandlers {
  onProgress: (loaded: number, total: number) => void;
  onSent: (giftId: string) => void;
  onFailed: (failure: Extract<DirectGiftState, { phase: 'failed' }>) => void;
}

export function directGiftUrl(requestId: string): string {
  return `/api/help/${encodeURIComponent(requestId)}/gifts`;
}

/**
 * POST /api/help/{id}/gifts as multipart/form-data: `amount` (rupees), `utr`, then the file
 * `screenshot`. XMLHttpRequest rather than fetch, since only XHR reports upload progress (as the
 * donation proof and the help request forms send theirs). Returns the request, to abort it.
 */
export function sendDirectGift(input: DirectGiftInput, handlers: DirectGiftHandlers): XMLHttpRequest {
  const request = new XMLHttpRequest();
  const body = new FormData();
  body.append('amount', input.amount);
  body.append('utr', input.utr);
  body.append('screenshot', input.screenshot, input.screenshot.name);
  request.upload.onprogress = (event) => handlers.onProgress(event.loaded, event.lengthComputable ? event.total : input.screenshot.size);
  request.onload = () => {
    const giftId = request.status >= 200 && request.status < 300 ? giftIdOf(request.responseText) : null;
    if (giftId) handlers.onSent(giftId);
    else handlers.onFailed({ phase: 'failed', error: errorOf(request.status, request.responseText), httpStatus: request.status });
  };
  request.onerror = () => handlers.onFailed({ phase: 'failed', error: new Error('gift: no answer'), httpStatus: null });
  request.open('POST', directGiftUrl(input.requestId));
  request.withCredentials = true;
  request.setRequestHeader('x-sahay-csrf', '1');
  request.setRequestHeader('Accept', 'application/json');
  request.send(body);
  return request;
}

/**
 * The REST answer `{ message, fieldErrors, requestId }` in the shape api/errors.ts reads (as the
 * proof and help request forms read theirs; not imported from the latter, whose upload helpers
 * would then be split into chunks of their own that every page's entry names).
 */
function errorOf(status: number, text: string): unknown {
  try {
    const body = JSON.parse(text) as { message?: unknown; fieldErrors?: unknown; requestId?: unknown };
    if (typeof body.message === 'string') {
      const fieldErrors = typeof body.fieldErrors === 'object' && body.fieldErrors !== null ? (body.fieldErrors as Record<string, string[]>) : null;
      return new ProcedureError(body.message, { httpStatus: status, fieldErrors, requestId: typeof body.requestId === 'string' ? body.requestId : null });
    }
  } catch {
    // A proxy's error page (a 413 from nginx, say), not the server's answer.
  }
  return new Error(`HTTP ${status}`);
}

function giftIdOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { giftId?: unknown };
    return typeof body.giftId === 'string' ? body.giftId : null;
  } catch {
    return null;
  }
}

/** The gift's sending as the form shows it, with `send`; a request still running when the form goes away is abandoned. */
export function useSendDirectGift() {
  const [state, setState] = useState<DirectGiftState>({ phase: 'idle' });
  const requestRef = useRef<XMLHttpRequest | null>(null);

  useEffect(() => () => requestRef.current?.abort(), []);

  function send(input: DirectGiftInput): void {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState({ phase: 'failed', error: new Error('offline'), httpStatus: null });
      return;
    }
    requestRef.current?.abort();
    setState({ phase: 'sending', loaded: 0, total: input.screenshot.size });
    requestRef.current = sendDirectGift(input, {
      onProgress: (loaded, total) => setState({ phase: 'sending', loaded, total }),
      onSent: (giftId) => {
        requestRef.current = null;
        setState({ phase: 'sent', giftId });
      },
      onFailed: (failure) => {
        requestRef.current = null;
        setState(failure);
      },
    });
  }

  return { state, send };
}
