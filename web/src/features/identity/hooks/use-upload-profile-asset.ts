import { useEffect, useRef, useState } from 'react';
import { ProcedureError } from '#web/api/procedure-fetch.ts';
import { trpc } from '#web/api/trpc.ts';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'uploaded' }
  | { phase: 'failed'; error: unknown };

/**
 * POSTs one image of the profile (the UPI QR, the I-card photo) to its REST path, in the multipart
 * field `field`. Sent with XMLHttpRequest rather than fetch: only XHR reports upload progress, which
 * a slow network needs. The session cookie authenticates it, and the CSRF header is required as for
 * every change. Once accepted (202), the profile is asked for again: it says the image is being
 * processed, and useProfile keeps asking until the job is done.
 */
export function useUploadProfileAsset(path: string, field: string) {
  const utils = trpc.useUtils();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const requestRef = useRef<XMLHttpRequest | null>(null);

  // An upload still running when the page goes away is abandoned, not left to report into nothing.
  useEffect(() => () => requestRef.current?.abort(), []);

  function upload(file: File) {
    requestRef.current?.abort();
    const request = new XMLHttpRequest();
    requestRef.current = request;
    const body = new FormData();
    body.append(field, file);
    setState({ phase: 'uploading', loaded: 0, total: file.size });
    request.upload.onprogress = (event) => {
      setState({ phase: 'uploading', loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    request.onload = () => {
      requestRef.current = null;
      if (request.status >= 200 && request.status < 300) {
        setState({ phase: 'uploaded' });
        void utils.identity.getProfile.invalidate();
        return;
      }
      setState({ phase: 'failed', error: errorOf(request) });
    };
    // No answer at all (offline, connection dropped): the caller says "check your connection".
    request.onerror = () => {
      requestRef.current = null;
      setState({ phase: 'failed', error: new Error('upload: no answer') });
    };
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('x-sahay-csrf', '1');
    request.send(body);
  }

  return { state, upload, reset: () => setState({ phase: 'idle' }) };
}

/** The REST answer `{ message, fieldErrors }` in the shape api/errors.ts reads. */
function errorOf(request: XMLHttpRequest): unknown {
  try {
    const body = JSON.parse(request.responseText) as { message?: unknown; requestId?: unknown };
    if (typeof body.message === 'string') {
      return new ProcedureError(body.message, { httpStatus: request.status, requestId: typeof body.requestId === 'string' ? body.requestId : null });
    }
  } catch {
    // A proxy's error page, not the server's answer.
  }
  return new Error(`HTTP ${request.status}`);
}
