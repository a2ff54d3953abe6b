import type { NextFunction, Request, Response } from 'express';
import { AppError, GENERIC_ERROR_MESSAGE } from '#server/errors/app-error';

function fromBodyParser(error: unknown): AppError | null {
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', { userMessage: 'The request is too large.' });
  if (type === 'entity.parse.failed') return new AppError('BAD_REQUEST', { userMessage: 'The request body is not valid JSON.' });
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError('BAD_REQUEST', { userMessage: 'The request encoding is not supported.' });
  }
  return null;
}

/** Every REST error answers {message, requestId, fieldErrors?}; a 500 says only "Something went wrong". */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const appError = error instanceof AppError ? error : fromBodyParser(error);
  const requestId = String(req.id);
  if (!appError || appError.httpStatus >= 500) {
    req.log.error({ err: error }, 'request failed');
    res.status(appError?.httpStatus ?? 500).json({ message: GENERIC_ERROR_MESSAGE, requestId });
    return;
  }
  if (appError.retryAfterSeconds) res.set('Retry-After', String(appError.retryAfterSeconds));
  res.status(appError.httpStatus).json({
    message: appError.userMessage,
    requestId,
    ...(appError.fieldErrors ? { fieldErrors: appError.fieldErrors } : {}),
  });
}
