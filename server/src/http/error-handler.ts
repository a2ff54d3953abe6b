import type { NextFunction, Request } from 'express';
import { AppError, GENERIC_ERROR_MESSAGE } from '#server/errors/app-error';
import { fromDatabaseOutage } from '#server/errors/database-outage';

export const BODY_NOT_DECODABLE = 'The request body does not match its Content-Encoding.';
export const BODY_UNREADABLE = 'The request body could not be read.';

/**
 * What the JSON body parser refuses, as a 4xx: its own errors carry a `type`; a body that its
 * Content-Encoding cannot decode (gzip that is not gzip) comes as zlib's error (an errno and a
 * code) with status 400; an aborted or short body as raw-body's. Anything else from it with a 4xx status is a 400
 * too: only the server's own failures may answer 500.
 */
function fromBodyParser(error: unknown): AppError | null {
  const { type, status, code, errno } = (error ?? {}) as { type?: unknown; status?: unknown; code?: unknown; errno?: unknown };
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', { userMessage: 'The request is too large.' });
  if (type === 'entity.parse.failed') return new AppError('BAD_REQUEST', { userMessage: 'The request body is not valid JSON.' });
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError('BAD_REQUEST', { userMessage: 'The request encoding is not supported.' });
  }
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (typeof errno === 'number' && typeof code === 'string') return new AppError('BAD_REQUEST', { userMessage: BODY_NOT_DECODABLE, message: `body not decodable: ${code}` });
  return new AppError('BAD_REQUEST', { userMessage: BODY_UNREADABLE, message: `body refused by the parser (${String(type ?? code ?? status)})` });
}

/** What errorHandler uses of Express's response. */
export interface ErrorResponse {
  set(name: string, value: string): unknown;
  status(code: number): { json(body: unknown): unknown };
}

/**
 * Every REST error answers {message, requestId, fieldErrors?}; a failure of the server's own (500)
 * says only "Something went wrong". A 503 the code chose to answer (busy, with Retry-After) keeps
 * its message, as a 429 does; so does a database that is down or restarting (fromDatabaseOutage).
 */
export function errorHandler(error: unknown, req: Pick<Request, 'id' | 'log'>, res: ErrorResponse, _next: NextFunction): void {
  const appError = error instanceof AppError ? error : (fromBodyParser(error) ?? fromDatabaseOutage(error));
  const requestId = String(req.id);
  if (!appError || appError.code === 'INTERNAL_SERVER_ERROR') {
    req.log.error({ err: error }, 'request failed');
    res.status(500).json({ message: GENERIC_ERROR_MESSAGE, requestId });
    return;
  }
  if (appError.httpStatus >= 500) req.log.warn({ err: error }, 'request refused for now');
  if (appError.retryAfterSeconds) res.set('Retry-After', String(appError.retryAfterSeconds));
  res.status(appError.httpStatus).json({
    message: appError.userMessage,
    requestId,
    ...(appError.fieldErrors ? { fieldErrors: appError.fieldErrors } : {}),
  });
}
